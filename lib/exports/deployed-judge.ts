import { buildSystemPrompt, type JudgeCriterion, renderJudgeMessage } from "@/lib/judges/judge-prompt";
import type { DeployedJudgeExport, EnvironmentVersionSnapshot, SnapshotTask } from "./snapshot";

// The environment's deployed judge (issue #12) as the Python graders of the harbor, inspect and
// verifiers exports run it: its instructions, first panel member's model, sampling and criteria,
// rendered here by the studio's own prompt code (lib/judges/judge-prompt.ts) so an exported grader
// sends what the calibrated judge was sent. Two placeholders are filled by the grader when it runs:
// JUDGE_NONCE (fresh per call; it marks where the quoted answer starts and ends) and
// JUDGE_TRANSCRIPT (the answer, quoted as a one-message transcript). Without a deployed judge, or
// for a task the judge grades no criterion of, the format's default judge is used as before.

export const JUDGE_NONCE = "@@STUDIO_NONCE@@";
export const JUDGE_TRANSCRIPT = "@@STUDIO_TRANSCRIPT@@";

/**
 * Each provider kind's public endpoint, and the variables its SDKs read for the key and for another
 * endpoint. Base URLs follow the studio's providers (lib/providers/schemas.ts): OpenAI-compatible up
 * to /v1, Anthropic the SDK's base without /v1.
 */
export const JUDGE_ENDPOINTS = {
  openai: {
    host: "api.openai.com",
    baseUrl: "https://api.openai.com/v1",
    keyVar: "OPENAI_API_KEY",
    baseUrlVar: "OPENAI_BASE_URL",
  },
  anthropic: {
    host: "api.anthropic.com",
    baseUrl: "https://api.anthropic.com",
    keyVar: "ANTHROPIC_API_KEY",
    baseUrlVar: "ANTHROPIC_BASE_URL",
  },
} as const;

export type JudgeKind = keyof typeof JUDGE_ENDPOINTS;

/** What a grader-side task row carries about the deployed judge (task.json, info, metadata.grader). */
export type GraderJudge = {
  name: string;
  version: number;
  fingerprint: string;
  kind: JudgeKind;
  model: string;
  /** The first member's endpoint (the default; the kind's base-URL variable overrides it). */
  baseUrl: string;
  /** Every panel member; the exported grader asks the first. */
  panel: { kind: JudgeKind; model: string }[];
  temperature: number;
  maxTokens: number;
  /** The criteria this judge grades (keys of the task's rubric); the others are left out of the reward. */
  criteria: string[];
  /** The system message, with JUDGE_NONCE where the nonce goes. */
  system: string;
  /** The user message, with JUDGE_TRANSCRIPT where the quoted answer goes and JUDGE_NONCE in its markers. */
  message: string;
};

/** The deployed judge's settings for one task, or null when it grades none of the task's criteria. */
export function toGraderJudge(
  judge: DeployedJudgeExport | undefined,
  task: SnapshotTask,
): GraderJudge | null {
  const first = judge?.models[0];
  const judged = judge?.tasks.find((t) => t.key === task.key);
  if (!judge || !first || !judged) return null;
  const keys = new Set(judged.criteria.map((c) => c.key));
  const criteria: JudgeCriterion[] = task.rubric.criteria.filter((c) => keys.has(c.key));
  if (criteria.length === 0) return null;
  return {
    name: judge.name,
    version: judge.version,
    fingerprint: judge.fingerprint,
    kind: first.kind,
    model: first.model,
    baseUrl: first.baseUrl || JUDGE_ENDPOINTS[first.kind].baseUrl,
    panel: judge.models.map(({ kind, model }) => ({ kind, model })),
    temperature: judge.sampling.temperature,
    maxTokens: judge.sampling.maxTokens,
    criteria: criteria.map((c) => c.key),
    system: buildSystemPrompt(criteria, JUDGE_NONCE),
    message: renderJudgeMessage({
      template: judged.template,
      prompt: task.prompt,
      answerKey: task.answerKey,
      criteria,
      transcript: JUDGE_TRANSCRIPT,
    }),
  };
}

export type JudgeModel = {
  kind: JudgeKind;
  model: string;
  /** The deployed provider's endpoint: the exported default. */
  baseUrl: string;
  /** The variable that overrides it (OPENAI_BASE_URL, ANTHROPIC_BASE_URL). */
  baseUrlVar: string;
  keyVar: string;
};

/** The judge's first panel member, when a judge is deployed and grades at least one task. */
export function getJudgeModel(snapshot: EnvironmentVersionSnapshot): JudgeModel | null {
  const graded = snapshot.tasks.some((t) => toGraderJudge(snapshot.judge, t) !== null);
  const first = snapshot.judge?.models[0];
  if (!graded || !first) return null;
  const endpoint = JUDGE_ENDPOINTS[first.kind];
  return {
    kind: first.kind,
    model: first.model,
    baseUrl: first.baseUrl || endpoint.baseUrl,
    baseUrlVar: endpoint.baseUrlVar,
    keyVar: endpoint.keyVar,
  };
}

/** Whether a URL names this machine (localhost, 127.x, ::1): not reachable as such from a container. */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1";
  } catch {
    return false;
  }
}

/**
 * The README paragraph on the judge's endpoint: the deployed provider's URL is the default, the
 * kind's usual variable overrides it, and the key is never exported.
 */
export function formatJudgeEndpoint(judge: JudgeModel, { inContainer }: { inContainer: boolean }): string {
  const loopback =
    inContainer && isLoopbackUrl(judge.baseUrl)
      ? ` That address is a loopback one: inside a container it names the container itself, so set \`${judge.baseUrlVar}\` to an address the container reaches (for Docker on the judge's machine, \`host.docker.internal\` with \`--add-host=host.docker.internal:host-gateway\`, or the host's LAN address).`
      : "";
  return `The judge's endpoint defaults to the deployed judge's provider, \`${judge.baseUrl}\` (${judge.kind === "openai" ? "OpenAI-compatible chat completions" : "the Anthropic Messages API"}); set \`${judge.baseUrlVar}\` to use another. Its key is never exported: set \`${judge.keyVar}\` (any non-empty value for a server that needs none).${loopback}`;
}

function formatFigure(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(2);
}

/**
 * The README section naming the deployed judge: version, panel, sampling, the criteria it grades
 * and its held-out calibration. Empty when no judge is deployed (the README then describes the
 * format's default judge).
 */
export function formatJudgeSection(snapshot: EnvironmentVersionSnapshot): string {
  const judge = snapshot.judge;
  const model = getJudgeModel(snapshot);
  if (!judge || !model) return "";
  const panel = judge.models.map(
    (m, i) => `${i + 1}. \`${m.kind}/${m.model}\`${i === 0 ? " (asked by the exported grader)" : ""}`,
  );
  const rows = snapshot.tasks.map((task) => {
    const settings = toGraderJudge(judge, task);
    const left = task.rubric.criteria.filter((c) => !settings?.criteria.includes(c.key)).map((c) => c.key);
    const graded = settings ? settings.criteria.map((k) => `\`${k}\``).join(", ") : "none";
    const note = settings
      ? left.length
        ? `left out of the reward: ${left.map((k) => `\`${k}\``).join(", ")}`
        : ""
      : task.rubric.criteria.length
        ? "the format's default judge grades this task's criteria"
        : "";
    return `| \`${task.key}\` | ${graded} | ${note} |`;
  });
  const heldOut = judge.calibration?.heldOut.overall;
  const calibration = heldOut
    ? `Calibration on the held-out set: Cohen's kappa ${formatFigure(heldOut.kappa)} (95% interval ${formatFigure(heldOut.kappaLower)} to ${formatFigure(heldOut.kappaUpper)}), accuracy ${formatFigure(heldOut.accuracy)}, n = ${heldOut.n}; the bar was a lower bound of at least ${judge.calibration?.bar.minKappaLower} with n ≥ ${judge.calibration?.bar.minHeldOut}.`
    : "No calibration figures were recorded for this judge version.";
  return `## Judge

The rubric criteria are graded by the environment's deployed judge, **${judge.name}** version ${judge.version}
(fingerprint \`${judge.fingerprint.slice(0, 12)}\`), with its own instructions, output contract and sampling
(temperature ${judge.sampling.temperature}, at most ${judge.sampling.maxTokens} output tokens). The answer is
quoted to it as data between markers, as in the studio.

Models:

${panel.join("\n")}

${judge.models.length > 1 ? `The exported grader asks the first member only; the studio combines the panel's verdicts (${judge.aggregation.replace(/^panel: /, "")}).` : "The exported grader asks this model, as the studio does."}
Its reply is read as in the studio (a criterion it doesn't answer is asked once more, then scores 0).
${calibration}

| task | criteria the judge grades | note |
| --- | --- | --- |
${rows.join("\n")}

`;
}
