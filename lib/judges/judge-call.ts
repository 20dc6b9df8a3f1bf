import "server-only";
import { randomBytes } from "node:crypto";
import type { Ctx } from "@/lib/auth/context";
import { completeChat } from "@/lib/providers/complete-chat";
import { getProviderConfig } from "@/lib/providers/queries";
import type { ChatRequest, ProviderConfig } from "@/lib/providers/types";
import {
  buildSystemPrompt,
  type JudgeCriterion,
  quoteTranscript,
  renderJudgeMessage,
  type TranscriptMessage,
} from "./judge-prompt";
import type { LoadedVersion } from "./judge-versions";
import { type CriterionOutcome, type ParsedAnswer, parseJudgeAnswer } from "./parse-answer";
import type { SnapshotProvider, SnapshotTask } from "./snapshot";

// One judgment's model calls: the prompt for a task and transcript, and each panel member's answer,
// asked once more when it can't be read (the second answer fills what the first left unreadable).

export type JudgePrompt = { system: string; user: string };

export type MemberAnswer = {
  provider: SnapshotProvider;
  /** Every answer received, in order (two when the first couldn't be read). */
  answers: string[];
  parsed: ParsedAnswer;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  model: string;
};

/** The stored providers of a version, with the model and endpoint the version froze. */
export async function loadVersionProviders(ctx: Ctx, version: LoadedVersion): Promise<ProviderConfig[]> {
  return Promise.all(
    version.snapshot.providers.map(async (member) => ({
      ...(await getProviderConfig({ ctx, id: member.id })),
      kind: member.kind,
      model: member.model,
      baseUrl: member.baseUrl,
    })),
  );
}

export function buildJudgePrompt({
  task,
  hidden,
  criteria,
  messages,
}: {
  task: SnapshotTask;
  hidden: { prompt: string; answerKey: string } | undefined;
  criteria: JudgeCriterion[];
  messages: TranscriptMessage[];
}): JudgePrompt {
  const nonce = randomBytes(6).toString("hex");
  return {
    system: buildSystemPrompt(criteria, nonce),
    user: renderJudgeMessage({
      template: task.template,
      prompt: hidden?.prompt ?? "",
      answerKey: hidden?.answerKey ?? "",
      criteria,
      transcript: quoteTranscript(messages, nonce),
    }),
  };
}

function merge(first: ParsedAnswer, second: ParsedAnswer): ParsedAnswer {
  const outcomes = first.outcomes.map(
    (o, i): CriterionOutcome => (o.status === "scored" ? o : second.outcomes[i]),
  );
  return { outcomes, isComplete: outcomes.every((o) => o.status === "scored"), problem: second.problem };
}

export async function askMember({
  provider,
  config,
  prompt,
  criteria,
  sampling,
  signal,
  runAttempt,
}: {
  provider: SnapshotProvider;
  config: ProviderConfig;
  prompt: JudgePrompt;
  criteria: JudgeCriterion[];
  sampling: { temperature: number; maxTokens: number };
  signal?: AbortSignal;
  runAttempt?: ChatRequest["runAttempt"];
}): Promise<MemberAnswer> {
  const base = {
    provider: config,
    system: prompt.system,
    maxTokens: sampling.maxTokens,
    temperature: sampling.temperature,
    signal,
    runAttempt,
  };
  const first = await completeChat({ ...base, messages: [{ role: "user", content: prompt.user }] });
  let parsed = parseJudgeAnswer(first.text, criteria);
  const answers = [first.text];
  let { inputTokens, outputTokens, costUsd } = first;
  if (!parsed.isComplete) {
    const problems = [
      ...new Set(
        parsed.outcomes.flatMap((o) => (o.status === "unevaluable" ? [`${o.key}: ${o.problem}`] : [])),
      ),
    ];
    const second = await completeChat({
      ...base,
      messages: [
        { role: "user", content: prompt.user },
        { role: "assistant", content: first.text || "(empty answer)" },
        {
          role: "user",
          content: `Your answer could not be read (${problems.join("; ")}). Answer again with the JSON object only, one entry per criterion.`,
        },
      ],
    });
    answers.push(second.text);
    parsed = merge(parsed, parseJudgeAnswer(second.text, criteria));
    inputTokens += second.inputTokens;
    outputTokens += second.outputTokens;
    costUsd += second.costUsd;
  }
  return { provider, answers, parsed, inputTokens, outputTokens, costUsd, model: first.model };
}
