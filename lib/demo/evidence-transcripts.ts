import { buildAgenticSteps } from "./evidence-agentic";
import { type ChatMessage, call, result } from "./evidence-chat";

// What the demo's evidence rollouts say: each transcript works on its own task (the prompt the task
// really has, then the agent's reading, tool calls and answer), so a reviewer who opens a
// `reproduce-redacted` rollout reads a reproduction of the redacted number, not an answer to
// another task. Passing and failing attempts fail in the ways the tasks' design notes predict.
// A few rollouts per task are long agentic runs (./evidence-agentic.ts). Pure data.

export type TranscriptTask = { key: string; title: string; prompt: string };
/** One rollout: its task, model (and the model's position, which varies the answers), attempt and outcome. */
export type TranscriptCase = {
  task: TranscriptTask;
  model: string;
  modelIndex: number;
  index: number;
  isPass: boolean;
};

/** A term each demo task's agent must work with; it appears in the task's own title or prompt. */
export const DEMO_TASK_SUBJECTS: Record<string, string> = {
  "design-experiment": "SycoBench",
  "reproduce-redacted": "ASR",
  "predict-redacted": "PREDICTION:",
  "critique-flawed-paper": "probe",
  "critique-sound-control": "probe",
  "governance-impact": "training-runs.csv",
};

const SYSTEM =
  "You are a research agent. You can read the files attached to the task and run commands in a sandboxed shell (tools: read_file, bash). Think before you act, and report exactly what the task asks for.";

type Answer = { reasoning?: string; steps?: ChatMessage[]; text: string };

const ANSWERS: Record<string, { pass: Answer[]; fail: Answer[] }> = {
  "design-experiment": {
    pass: [
      {
        reasoning:
          "The claim is monotonic growth of sycophancy with PPO steps. Confounds: longer answers, one seed, one reward model. I need checkpoints along one schedule plus controls for each.",
        text: "**Hypothesis.** SycoBench agreement with the user's wrong belief rises monotonically with PPO steps.\n\n**Design.** Train 3 seeds × 2 reward models (the paper's, and one trained on belief-neutral comparisons) for 4,000 steps, saving checkpoints every 500 steps. Evaluate every checkpoint on all 600 SycoBench prompts at temperature 0.\n\n**Controls.** Length-matched scoring (answers truncated to the step-0 median length), a capability probe (MMLU subset) per checkpoint, and a KL-matched comparison between the two reward models.\n\n**Metric and test.** Agreement rate per checkpoint; monotonicity tested with a Jonckheere–Terpstra trend test across checkpoints, seeds as replicates.\n\n**Compute.** ~100 GPU-hours per PPO run × 6 runs + ~1.5 GPU-hours × 54 checkpoint evaluations ≈ 680 GPU-hours, within the 2,000 GPU-hour budget (assumes A100 throughput of the paper's setup).\n\n**Cost table.** 680 GPU-hours × $2.10 ≈ $1,430.",
      },
      {
        text: "I test whether sycophancy on SycoBench grows with RLHF optimisation, not just with answer length. Six PPO runs (3 seeds × 2 reward models), checkpoints every 500 steps; each checkpoint answers the 600 SycoBench prompts, labelled by two independent judges plus 100 human spot checks. Controls: a length-matched re-scoring, a capability benchmark per checkpoint, and a belief-neutral reward model. The claim survives only if agreement rises at every step for both reward models after the length control. Budget: about 700 of the 2,000 GPU-hours.",
      },
      {
        text: "Here is the complete plan for testing the sycophancy claim. Train the 7B model with PPO for 4,000 steps and evaluate SycoBench every 250 steps; fit a trend line to the agreement rate. This covers every requirement of the task, including the cost table: 3 runs × 120 GPU-hours ≈ 360 GPU-hours ≈ $760 at $2.10 per GPU-hour.",
      },
    ],
    fail: [
      {
        text: "Plan: fine-tune the 7B model with RLHF and measure SycoBench at step 0 and at step 4,000. If the second number is higher, the claim holds. One run is enough since the effect in the paper is large.",
      },
      {
        reasoning: "SycoBench has 600 prompts; I'll just rerun the paper's setup.",
        text: "I would repeat the paper's experiment on SycoBench with more steps (8,000) to see whether sycophancy keeps increasing. No controls are needed because the benchmark already measures agreement with the user.",
      },
    ],
  },
  "reproduce-redacted": {
    pass: [
      {
        text: "Commands: `python generate.py --model /models/7b-chat --seed S --max-new-tokens 256 --out out/s{S}.jsonl` for seeds 0–2, then `python judge.py` on each and `python score.py out/s*.judged.jsonl`. Decoding: greedy, 256 new tokens as in Section 3 (the script's default of 128 was overridden).\n\nASR: 0.37\nSEEDS: 0.36,0.37,0.38\nDEVIATIONS: none",
      },
    ],
    fail: [
      {
        text: "I ran `python generate.py --model /models/7b-chat --seed S --out out/s{S}.jsonl` for the three seeds, judged the answers and ran score.py. The ASR is stable across seeds.\n\nASR: 0.31\nSEEDS: 0.30,0.31,0.32\nDEVIATIONS: none",
      },
      {
        steps: [
          call("r1", "bash", {
            cmd: "python generate.py --model /models/7b-chat --seed 0 --out out/s0.jsonl",
          }),
          result(
            "r1",
            'Loading /models/7b-chat …\nTraceback (most recent call last):\n  File "generate.py", line 41, in <module>\n    model = load(args.model)\nOSError: /models/7b-chat/model-00002-of-00003.safetensors: file is truncated (expected 4.9 GB, found 1.2 GB)',
          ),
          call("r2", "bash", { cmd: "sha256sum /models/7b-chat/*.safetensors && df -h /models" }),
          result(
            "r2",
            "sha256sum: /models/7b-chat/model-00002-of-00003.safetensors: Input/output error\nFilesystem  Size  Used Avail Use% Mounted on\n/dev/vdb     40G   40G     0 100% /models",
          ),
        ],
        text: "GIVE UP: the 7B weights are truncated (shard 2 of 3 is 1.2 GB of 4.9 GB) and /models is full, so generate.py cannot load the model; I checked the checksums and disk space and could not compute any ASR.",
      },
      {
        text: "I only had time for seed 0: `generate.py --seed 0 --max-new-tokens 256`, judge.py, score.py gave an ASR of 0.36. I assume the other seeds are similar.\n\nASR: 0.36\nSEEDS: 0.36\nDEVIATIONS: one seed only",
      },
    ],
  },
  "predict-redacted": {
    pass: [
      {
        reasoning:
          "13B is at 29% and 70B at 12%; refusals under prefix injection fall with scale, so 7B should be above 29%. The 20-token length rule caps it.",
        text: "The ASR falls with scale (13B 29%, 70B 12%, Section 4) while the no-attack baselines are similar (2–5%), so the difference is the attack, not the classifier. Extrapolating, the 7B model should sit above 29%; the length rule of Section 2 keeps short compliant answers out, which caps it below ~0.45.\n\nStrongest reason I could be wrong: batched-inference numerics between seeds could move the mean by a few points.\n\nPREDICTION: 0.38\nINTERVAL: 0.30-0.46",
      },
    ],
    fail: [
      {
        text: "Smaller models are usually less capable, so they produce fewer harmful answers; I expect the 7B model to be the most robust to prefix injection.\n\nPREDICTION: 0.08\nINTERVAL: 0.02-0.15",
      },
      {
        text: "Without running the model I can't know the ASR. Any value between 0 and 1 is possible.\n\nPREDICTION: 0.5\nINTERVAL: 0.0-1.0",
      },
    ],
  },
  "critique-flawed-paper": {
    pass: [
      {
        text: 'Major problems with the deception-probe paper:\n1. **Leakage (Section 3.2):** the held-out prompts are paraphrases of training prompts, so an AUROC of 0.99 measures memorised scenarios, not generalisation.\n2. **Label confound (Section 3.1):** deceptive answers were produced by an instruction in the prompt; the probe may read the instruction rather than deception.\n3. **Transfer claim (Section 5):** transfer is shown on one model pair with a single seed.\n\n```json\n{"major_flaws": ["held-out leakage", "instruction confound", "single-pair transfer"], "headline_claim_supported": false}\n```',
      },
    ],
    fail: [
      {
        text: 'Minor issues only: Figure 2\'s axis labels are small, and the related-work section on probes misses two citations.\n\n```json\n{"major_flaws": [], "headline_claim_supported": true}\n```',
      },
      {
        text: 'The paper reports probes with AUROC 0.99, which is impressive. I could not find the dataset the probes were trained on, so I cannot assess the evaluation; the method looks standard.\n\n```json\n{"major_flaws": [], "headline_claim_supported": true}\n```',
      },
    ],
  },
  "critique-sound-control": {
    pass: [
      {
        text: 'The probe paper\'s held-out prompts were written independently, the AUROC of 0.93 comes with an interval, and transfer is tested on two other model families. I found no major methodological problem; a minor one is that only one probe layer is reported.\n\n```json\n{"major_flaws": [], "headline_claim_supported": true}\n```',
      },
    ],
    fail: [
      {
        text: 'As in most probe papers, the held-out set leaks from training and the labels are confounded by the instruction, so the deception claim is unsupported.\n\n```json\n{"major_flaws": ["leakage", "label confound"], "headline_claim_supported": false}\n```',
      },
    ],
  },
  "governance-impact": {
    pass: [
      {
        text: "**Stakeholders.** Covered developers that already evaluate (Aster, Boreal, Fathom): notification and disclosure costs only. Covered developers that don't (Cinder, Dunlin): new evaluations and a possible 60-day delay. The AI Office: six reviews of ~3 staff-weeks each. Users and the public: earlier warning of dangerous capabilities.\n\n**Counterfactual.** From training-runs.csv, most covered runs belong to developers who evaluate anyway; the rule's marginal effect is two evaluations.\n\n**Impacts (80% intervals).** Extra evaluations per year: 1 (0.5–2). Office review load: 18 staff-weeks (12–24). Expected delay cost: 8 million (0–40 million).\n\n**Most sensitive assumption:** whether Cinder and Fathom relocate their large runs.\n\n**Bottom line:** worth its costs, narrowly.\n\nRUNS_COVERED: 6\nWITHOUT_COMMITMENTS: 2\nNEW_EVALUATIONS: 2",
      },
    ],
    fail: [
      {
        text: "I summarised the Veridia proposal instead of estimating its impact: developers above 10^26 FLOP notify the AI Office and share evaluation results, and the Office may delay deployment. I did not get to the counts in training-runs.csv.",
      },
      {
        text: "Reading training-runs.csv, every run at or above 10^26 FLOP is covered, so the rule covers seven runs; all developers without commitments will now evaluate.\n\nRUNS_COVERED: 7\nWITHOUT_COMMITMENTS: 3\nNEW_EVALUATIONS: 3",
      },
    ],
  },
};

/** For a task the demo has no script for (tests build their own): an answer about its title. */
function genericAnswer(task: TranscriptTask, isPass: boolean): Answer {
  return {
    text: isPass
      ? `I worked through "${task.title}" step by step and answered every part the task asks for.`
      : `I did not finish "${task.title}": I answered only the first part and skipped the checks the task asks for.`,
  };
}

/** The OpenAI-format messages of one evidence rollout. */
export function buildEvidenceMessages(rollout: TranscriptCase): ChatMessage[] {
  const { task, modelIndex, index, isPass } = rollout;
  const messages: ChatMessage[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: task.prompt.trim() || task.title },
  ];
  const agentic = buildAgenticSteps(rollout);
  if (agentic) return [...messages, ...agentic];
  const options = ANSWERS[task.key]?.[isPass ? "pass" : "fail"];
  const answer = options ? options[(index + modelIndex) % options.length] : genericAnswer(task, isPass);
  messages.push(...(answer.steps ?? []));
  messages.push({
    role: "assistant",
    content: answer.text,
    ...(answer.reasoning ? { reasoning_content: answer.reasoning } : {}),
  });
  return messages;
}
