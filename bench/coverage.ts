// `npm run bench -- coverage`: precision and recall of the grader coverage check per finding kind on
// the labelled set in lib/tasks/coverage/__fixtures__/labelled (and on a held-out set given as
// `--set path.json`, a JSON array of labelled tasks kept outside the repository). `--verbose` lists
// every miss and every unexpected finding.

import { readFileSync } from "node:fs";
import { completeChat } from "@/lib/providers/complete-chat";
import { reply, type StandInRequest, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import type { ProviderConfig } from "@/lib/providers/types";
import { checkCoverage } from "@/lib/tasks/coverage";
import {
  LABELLED_TASKS,
  type LabelledTask,
  scoreLabelledSet,
  toCoverageInput,
} from "@/lib/tasks/coverage/__fixtures__/labelled";
import type { SetScore } from "@/lib/tasks/coverage/__fixtures__/labelled/score";
import { buildPrompt, type ModelAnswer, parseAnswer } from "@/lib/tasks/coverage/model/prompts";
import { reviewWithModel } from "@/lib/tasks/coverage/model/review-with-model";

function printScore(name: string, mode: string, score: SetScore, verbose: boolean) {
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  console.log(`\n${name} · ${mode}: ${score.tasks} tasks, ${score.cleanTasks} clean`);
  console.log(
    `  clean tasks with no finding: ${score.cleanWithoutFindings}/${score.cleanTasks} (${pct(score.cleanWithoutFindings / Math.max(1, score.cleanTasks))})`,
  );
  console.log("  kind                     precision  recall   tp  fp  fn");
  for (const k of score.kinds) {
    console.log(
      `  ${k.kind.padEnd(24)} ${k.precision.toFixed(2).padStart(9)} ${k.recall.toFixed(2).padStart(7)} ${String(k.truePositives).padStart(4)} ${String(k.falsePositives).padStart(3)} ${String(k.falseNegatives).padStart(3)}`,
    );
  }
  if (!verbose) return;
  for (const m of score.misses) {
    console.log(`  - ${m.task}`);
    for (const e of m.missed) console.log(`      missed ${JSON.stringify(e)}`);
    for (const f of m.extra) console.log(`      extra  ${f.kind}: ${f.message.slice(0, 160)}`);
  }
}

function runDeterministic(tasks: LabelledTask[]): SetScore {
  const results = new Map(tasks.map((t) => [t.id, checkCoverage(toCoverageInput(t))]));
  return scoreLabelledSet(tasks, results);
}

/**
 * The stand-in provider's answers: a crude word-overlap reader, NOT a model. With it the benchmark
 * measures the plumbing (prompts, parsing, caching, how verdicts change findings), not a model's
 * accuracy; pass `--provider-url URL --model M [--api-key K]` (OpenAI-compatible) for real figures.
 */
function answerAsStandIn(request: StandInRequest): string {
  const user = request.messages.at(-1)?.content ?? "";
  const quoted = [...user.matchAll(/"([^"]{3,})"/g)].map((m) => m[1].toLowerCase());
  const words = (t: string) => new Set(t.match(/[a-z]{5,}/g) ?? []);
  if (user.startsWith("Does this sentence")) {
    const sentence = quoted[0] ?? "";
    const asks = /\b(you|your)\b/.test(sentence) || /^[a-z]+ (the|a|an|each|every|your|all)\b/.test(sentence);
    return JSON.stringify({
      verdict: asks || !/\b(is|are|was|were|has|have)\b/.test(sentence),
      reason: "stand-in",
    });
  }
  if (user.startsWith("Would a grader")) {
    const [requirement = "", criterion = ""] = quoted;
    const a = words(requirement);
    const shared = [...words(criterion)].filter((w) => a.has(w)).length;
    return JSON.stringify({ verdict: shared >= 3, reason: `stand-in: ${shared} shared words` });
  }
  return JSON.stringify({ verdict: true, reason: "stand-in: the key text is in the passage" });
}

async function runModelAssisted(tasks: LabelledTask[], provider: ProviderConfig) {
  const cache = new Map<string, ModelAnswer | null>();
  let calls = 0;
  const ask = async (question: Parameters<typeof buildPrompt>[0]) => {
    const prompt = buildPrompt(question);
    const key = `${prompt.system}\u0000${prompt.user}`;
    if (cache.has(key)) return cache.get(key) ?? null;
    calls++;
    const result = await completeChat({
      provider,
      system: prompt.system,
      messages: [{ role: "user", content: prompt.user }],
      maxTokens: 200,
      temperature: 0,
    });
    const answer = parseAnswer(result.text);
    cache.set(key, answer);
    return answer;
  };
  const results = new Map();
  let disagreements = 0;
  for (const task of tasks) {
    const input = toCoverageInput(task);
    const reviewed = await reviewWithModel({
      input,
      result: checkCoverage(input),
      ask,
      model: provider.model,
    });
    disagreements += reviewed.findings.filter((f) => f.model && !f.model.agrees).length;
    // Model-assisted verdict: a finding the model disagrees with is not raised.
    results.set(task.id, { findings: reviewed.findings.filter((f) => !f.model || f.model.agrees) });
  }
  return { score: scoreLabelledSet(tasks, results), calls, disagreements };
}

function readOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

export async function runCoverageBenchmark(args: string[] = []) {
  const verbose = args.includes("--verbose");
  const setAt = args.indexOf("--set");
  const sets: { name: string; tasks: LabelledTask[] }[] = [
    { name: "labelled set (repo)", tasks: LABELLED_TASKS },
  ];
  if (setAt !== -1 && args[setAt + 1]) {
    sets.push({
      name: `held-out set (${args[setAt + 1]})`,
      tasks: JSON.parse(readFileSync(args[setAt + 1], "utf8")),
    });
  }
  for (const set of sets) {
    const started = performance.now();
    const score = runDeterministic(set.tasks);
    printScore(set.name, "deterministic", score, verbose);
    console.log(`  ${((performance.now() - started) / set.tasks.length).toFixed(1)} ms per task`);
  }
  const url = readOption(args, "--provider-url");
  const standIn = url ? null : await startStandInProvider();
  standIn?.respondWith((request) => reply.text(answerAsStandIn(request)));
  const provider: ProviderConfig = standIn
    ? standIn.providerConfig("openai")
    : {
        name: "bench",
        kind: "openai",
        baseUrl: url ?? "",
        model: readOption(args, "--model") ?? "",
        apiKey: readOption(args, "--api-key") ?? null,
        timeoutSeconds: 120,
        concurrency: 1,
        requestsPerMinute: null,
        inputPricePerMillion: 0,
        outputPricePerMillion: 0,
      };
  try {
    for (const set of sets) {
      const started = performance.now();
      const { score, calls, disagreements } = await runModelAssisted(set.tasks, provider);
      const mode = standIn
        ? "model-assisted (stand-in provider: plumbing, not a model)"
        : `model-assisted (${provider.model})`;
      printScore(set.name, mode, score, verbose);
      console.log(
        `  ${calls} model calls, ${disagreements} findings the model disagreed with, ${((performance.now() - started) / set.tasks.length).toFixed(1)} ms per task`,
      );
    }
  } finally {
    await standIn?.close();
  }
}
