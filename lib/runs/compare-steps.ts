import type { RunStep } from "./queries";

// Two steps (or checkpoints) of a run side by side: which tasks' pass rate moved most, and which
// behaviours appeared or vanished between them (tool calls used at one step and not the other, and
// scanner signatures when flags exist). Pure: the query layer adds example transcripts.

export type TaskMove = {
  task: string;
  before: number | null;
  after: number | null;
  /** after − before; null when either side has no scored rollout. */
  delta: number | null;
  rolloutsBefore: number;
  rolloutsAfter: number;
};

export type BehaviourChange = {
  /** A tool's calls per rollout, or a scanner signature's flag rate. */
  kind: "tool" | "signature";
  name: string;
  change: "appeared" | "vanished" | "grew" | "shrank";
  /** Calls per rollout (tools) or share of scanned rollouts flagged (signatures) at each step. */
  before: number;
  after: number;
};

/** The key of a behaviour's example transcripts (tools by name, signatures prefixed). */
export const behaviourKey = (change: Pick<BehaviourChange, "kind" | "name">) =>
  change.kind === "tool" ? change.name : `signature:${change.name}`;

export type StepComparison = {
  a: number;
  b: number;
  summary: {
    meanReward: [number | null, number | null];
    passRate: [number | null, number | null];
    giveUpRate: [number | null, number | null];
    meanMessages: [number, number];
    meanToolCalls: [number, number];
  };
  tasks: TaskMove[];
  behaviours: BehaviourChange[];
};

const MAX_TASKS = 10;
/** A tool whose calls per rollout changed by this factor (both ways) counts as a changed behaviour. */
const CHANGE_FACTOR = 2;

/** How far a task moved; tasks without a rate on both sides rank last. */
const moved = (move: TaskMove) => (move.delta === null ? -1 : Math.abs(move.delta));
const rate = (passed: number, scored: number) => (scored > 0 ? passed / scored : null);

export function compareSteps(a: RunStep, b: RunStep): StepComparison {
  const before = new Map(a.tasks.map((t) => [t.task, t]));
  const after = new Map(b.tasks.map((t) => [t.task, t]));
  const names = [...new Set([...before.keys(), ...after.keys()])];
  const tasks = names
    .map((task): TaskMove => {
      const x = before.get(task);
      const y = after.get(task);
      const p = x ? rate(x.passed, x.scored) : null;
      const q = y ? rate(y.passed, y.scored) : null;
      return {
        task,
        before: p,
        after: q,
        delta: p !== null && q !== null ? q - p : null,
        rolloutsBefore: x?.rollouts ?? 0,
        rolloutsAfter: y?.rollouts ?? 0,
      };
    })
    .sort((x, y) => moved(y) - moved(x) || x.task.localeCompare(y.task))
    .slice(0, MAX_TASKS);
  return {
    a: a.step ?? 0,
    b: b.step ?? 0,
    summary: {
      meanReward: [a.meanReward, b.meanReward],
      passRate: [a.passRate, b.passRate],
      giveUpRate: [a.giveUpRate, b.giveUpRate],
      meanMessages: [a.meanMessages, b.meanMessages],
      meanToolCalls: [a.meanToolCalls, b.meanToolCalls],
    },
    tasks,
    behaviours: [...compareSignatures(a, b), ...compareTools(a, b)],
  };
}

function classify(x: number, y: number): BehaviourChange["change"] | null {
  if (x === 0 && y > 0) return "appeared";
  if (x > 0 && y === 0) return "vanished";
  if (y >= x * CHANGE_FACTOR) return "grew";
  if (x >= y * CHANGE_FACTOR) return "shrank";
  return null;
}

const ORDER = { appeared: 0, vanished: 1, grew: 2, shrank: 3 };

function changesOf(
  kind: BehaviourChange["kind"],
  names: string[],
  value: (step: "a" | "b", name: string) => number,
): BehaviourChange[] {
  const changes: BehaviourChange[] = [];
  for (const name of [...new Set(names)].sort()) {
    const x = value("a", name);
    const y = value("b", name);
    const change = classify(x, y);
    if (change) changes.push({ kind, name, change, before: x, after: y });
  }
  return changes.sort((x, y) => ORDER[x.change] - ORDER[y.change]);
}

function compareTools(a: RunStep, b: RunStep): BehaviourChange[] {
  const perRollout = (step: RunStep, name: string) =>
    step.rollouts > 0 ? (step.toolCalls[name] ?? 0) / step.rollouts : 0;
  return changesOf("tool", [...Object.keys(a.toolCalls), ...Object.keys(b.toolCalls)], (side, name) =>
    perRollout(side === "a" ? a : b, name),
  );
}

/** Scanner signatures whose flag rate appeared (first flagged at the later step), vanished, grew or shrank. */
function compareSignatures(a: RunStep, b: RunStep): BehaviourChange[] {
  return changesOf(
    "signature",
    [...Object.keys(a.flagRates), ...Object.keys(b.flagRates)],
    (side, name) => (side === "a" ? a : b).flagRates[name] ?? 0,
  );
}
