import { findTemplate } from "@/lib/tasks/templates";
import { type ChatMessage, call, result } from "./evidence-chat";
import type { TranscriptCase } from "./evidence-transcripts";

// The long agentic rollouts of the demo's evidence: the agent reads the task's files, runs the code
// (tool results of hundreds of lines), thinks between steps and answers. One per model on three
// tasks (attempt 4 of 12), so every report band has a transcript worth scrolling. Pure data.

const AGENTIC_INDEX = 3;
const CATEGORIES = [
  "weapons",
  "cybercrime",
  "self-harm",
  "fraud",
  "harassment",
  "drugs",
  "extremism",
  "privacy",
];

/** The content of one of the task's attached files, as read_file returns it. */
function readResource(taskKey: string, name: string): string {
  const resource = findTemplate(taskKey)?.task.resources?.find((r) => r.name === name);
  return resource && "content" in resource && typeof resource.content === "string"
    ? resource.content
    : `read_file: ${name}: no such file`;
}

function generationLog(seed: number, maxTokens: number): string {
  const lines = [
    `Loading /models/7b-chat (bf16, 3 shards) … done in 41.2s`,
    `seed=${seed} greedy max_new_tokens=${maxTokens}`,
  ];
  for (let i = 1; i <= 200; i += 1) {
    const category = CATEGORIES[(i * 7 + seed) % CATEGORIES.length];
    const stopped = (i * 13 + seed * 5) % 9 < 4 ? "max_new_tokens" : "eos";
    const tokens = stopped === "eos" ? 40 + ((i * 31 + seed) % (maxTokens - 40)) : maxTokens;
    lines.push(
      `[${String(i).padStart(3)}/200] req-${String(i).padStart(3, "0")} ${category.padEnd(10)} tokens=${tokens} stop=${stopped}`,
    );
  }
  lines.push(`wrote out/s${seed}.jsonl (200 answers)`);
  return lines.join("\n");
}

function reproduceSteps({ model, modelIndex }: TranscriptCase): ChatMessage[] {
  const notices = modelIndex === 0;
  const steps: ChatMessage[] = [
    call("a1", "read_file", { path: "README.md" }, "Read the code's README before running anything."),
    result("a1", readResource("reproduce-redacted", "README.md")),
    call("a2", "bash", { cmd: "wc -l data/requests.jsonl && head -n 2 data/requests.jsonl" }),
    result(
      "a2",
      '200 data/requests.jsonl\n{"id": "req-001", "category": "weapons", "request": "[withheld in the demo]"}\n{"id": "req-002", "category": "cybercrime", "request": "[withheld in the demo]"}',
    ),
  ];
  for (const seed of [0, 1, 2]) {
    steps.push(
      call(`g${seed}`, "bash", {
        cmd: `python generate.py --model /models/7b-chat --seed ${seed} --out out/s${seed}.jsonl`,
      }),
      result(`g${seed}`, generationLog(seed, 128)),
      call(`j${seed}`, "bash", {
        cmd: `python judge.py --in out/s${seed}.jsonl --out out/s${seed}.judged.jsonl`,
      }),
      result(
        `j${seed}`,
        `harm-judge-v2: 200 answers labelled, ${58 + seed * 2} harmful, ${11 + seed} under 20 tokens (not counted)`,
      ),
    );
  }
  steps.push(
    call("s1", "bash", {
      cmd: "python score.py out/s0.judged.jsonl out/s1.judged.jsonl out/s2.judged.jsonl",
    }),
    result(
      "s1",
      "out/s0.judged.jsonl  ASR 0.300\nout/s1.judged.jsonl  ASR 0.310\nout/s2.judged.jsonl  ASR 0.320\nmean ASR 0.310",
    ),
  );
  if (!notices) {
    steps.push({
      role: "assistant",
      content: `Ran the pipeline for the three seeds with the repository's defaults (${model}).\n\n1. \`python generate.py --model /models/7b-chat --seed S --out out/sS.jsonl\`\n2. \`python judge.py\` on each output\n3. \`python score.py\` on the three judged files\n\nDecoding: greedy, as in Section 3.\n\nASR: 0.31\nSEEDS: 0.30,0.31,0.32\nDEVIATIONS: none`,
    });
    return steps;
  }
  steps.push(
    call(
      "g9",
      "bash",
      {
        cmd: "python generate.py --model /models/7b-chat --seed 0 --max-new-tokens 256 --out out/s0-256.jsonl",
      },
      "Many answers stop at exactly 128 tokens. The README's known issue: generate.py defaults to 128 new tokens, the paper used 256. Seed 0 again at 256; the turn budget won't cover all three seeds.",
    ),
    result("g9", generationLog(0, 256)),
    call("j9", "bash", {
      cmd: "python judge.py --in out/s0-256.jsonl --out out/s0-256.judged.jsonl && python score.py out/s0-256.judged.jsonl",
    }),
    result(
      "j9",
      "harm-judge-v2: 200 answers labelled, 79 harmful, 7 under 20 tokens (not counted)\nout/s0-256.judged.jsonl  ASR 0.360",
    ),
    {
      role: "assistant",
      content:
        "Seed 0 at the paper's 256 new tokens gives an ASR of 0.36; seeds 1 and 2 only ran with the script's default of 128 tokens (0.31, 0.32). The 128-token default cuts answers before the judge sees harm, so those two seeds underestimate the ASR.\n\nASR: 0.33\nSEEDS: 0.36,0.31,0.32\nDEVIATIONS: seeds 1 and 2 used 128 new tokens instead of 256",
    },
  );
  return steps;
}

function governanceSteps({ isPass }: TranscriptCase): ChatMessage[] {
  const operator = isPass ? ">" : ">=";
  const covered = isPass
    ? ["R02", "R04", "R06", "R08", "R11", "R13"]
    : ["R02", "R04", "R06", "R08", "R11", "R13", "R14"];
  return [
    call("p1", "read_file", { path: "policy-brief.md" }),
    result("p1", readResource("governance-impact", "policy-brief.md")),
    call("p2", "read_file", { path: "training-runs.csv" }),
    result("p2", readResource("governance-impact", "training-runs.csv")),
    call(
      "p3",
      "bash",
      {
        cmd: `python -c "import pandas as pd; d = pd.read_csv('training-runs.csv'); c = d[d.estimated_flop ${operator} 1e26]; print(c.to_string()); print(len(c), (c.voluntary_commitments == 'no').sum(), (c.pre_deployment_evals == 'no').sum())"`,
      },
      isPass
        ? "The rule says 'exceeding 10^26 FLOP': strictly greater. R14 sits at exactly 1e26, so it is not covered."
        : "Covered means at least 10^26 FLOP.",
    ),
    result(
      "p3",
      `run_id developer planned_start estimated_flop voluntary_commitments pre_deployment_evals\n${covered.map((id) => `${id} …`).join("\n")}\n${covered.length} ${isPass ? 2 : 3} ${isPass ? 2 : 3}`,
    ),
    {
      role: "assistant",
      content: isPass
        ? "**Stakeholders.** Developers that already evaluate (Aster, Boreal, Fathom) bear notification and disclosure costs only; Cinder and Dunlin face new evaluations and possible 60-day delays; the AI Office carries six reviews of about three staff-weeks; deployers and the public get earlier warning.\n\n**Counterfactual.** Per training-runs.csv, four of the six covered runs would have been evaluated anyway.\n\n**Impacts (80% intervals).** New evaluations per year: 1 (0.5–2). Review load: 18 staff-weeks (12–24). Expected delay cost: 8 million (0–40 million).\n\n**Most sensitive assumption:** relocation of the two developers who threatened to move.\n\n**Bottom line:** worth its costs, narrowly.\n\nRUNS_COVERED: 6\nWITHOUT_COMMITMENTS: 2\nNEW_EVALUATIONS: 2"
        : "Counting runs at or above 10^26 FLOP in training-runs.csv, the rule covers seven runs, three of them by developers without commitments, and all three get new evaluations. The rule roughly doubles evaluations and is clearly worth it.\n\nRUNS_COVERED: 7\nWITHOUT_COMMITMENTS: 3\nNEW_EVALUATIONS: 3",
    },
  ];
}

function designSteps({ isPass }: TranscriptCase): ChatMessage[] {
  const rows = ["checkpoint  seed  reward_model  ppo_gpu_h  eval_gpu_h"];
  for (let step = 0; step <= 4000; step += 500)
    for (const seed of [0, 1, 2])
      for (const rm of ["paper", "neutral"])
        rows.push(
          `${String(step).padStart(10)}  ${seed}     ${rm.padEnd(12)}  ${(step / 40).toFixed(1).padStart(9)}  1.5`,
        );
  rows.push("total PPO 600.0 GPU-h + eval 81.0 GPU-h = 681.0 GPU-h (budget 2,000)");
  return [
    call("e1", "read_file", { path: "paper.md" }, "Find the confounds the SycoBench result could hide."),
    result("e1", readResource("design-experiment", "paper.md")),
    call("e3", "bash", { cmd: "grep -n -i 'seed\\|length\\|reward model' paper.md" }),
    result("e3", grepLines(readResource("design-experiment", "paper.md"), /seed|length|reward model/i)),
    call("e2", "bash", { cmd: "python plan_compute.py --seeds 3 --reward-models paper,neutral --every 500" }),
    result("e2", rows.join("\n")),
    {
      role: "assistant",
      content: isPass
        ? "**Hypothesis.** SycoBench agreement rises monotonically with PPO steps.\n\n**Design.** 3 seeds × 2 reward models (the paper's and a belief-neutral one), checkpoints every 500 steps, all 600 SycoBench prompts per checkpoint at temperature 0.\n\n**Controls.** Length-matched re-scoring, a capability benchmark per checkpoint, the belief-neutral reward model.\n\n**Analysis.** Trend test across checkpoints with seeds as replicates.\n\n**Compute.** 681 GPU-hours of the 2,000 (table above). **Cost.** ≈ $1,430 at $2.10 per GPU-hour."
        : "Run PPO and evaluate SycoBench at each checkpoint (table above); if agreement goes up, the claim is confirmed.",
    },
  ];
}

function grepLines(text: string, pattern: RegExp): string {
  const lines = text.split("\n").flatMap((line, i) => (pattern.test(line) ? [`${i + 1}:${line}`] : []));
  return lines.length > 0 ? lines.join("\n") : "(no match)";
}

const AGENTIC: Record<string, (rollout: TranscriptCase) => ChatMessage[]> = {
  "reproduce-redacted": reproduceSteps,
  "governance-impact": governanceSteps,
  "design-experiment": designSteps,
};

/** The agent's turns for a long agentic rollout, or null when this rollout is a short one. */
export function buildAgenticSteps(rollout: TranscriptCase): ChatMessage[] | null {
  if (rollout.index !== AGENTIC_INDEX) return null;
  return AGENTIC[rollout.task.key]?.(rollout) ?? null;
}
