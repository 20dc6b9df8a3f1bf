import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { messages, rollouts } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { ProviderError } from "@/lib/providers/provider-error";
import { parseInput } from "@/lib/validation";
import { type AggregatedOutcome, aggregatePanel } from "./aggregate";
import { buildDraftJudgeTask } from "./draft-judge-task";
import { askMember, buildJudgePrompt, loadVersionProviders } from "./judge-call";
import type { TranscriptMessage } from "./judge-prompt";
import { ensureCurrentVersion, type LoadedVersion } from "./judge-versions";
import type { CriterionOutcome } from "./parse-answer";
import { type TryJudgeInput, tryJudgeInput } from "./schemas";

// "Try the judge": one judgment of a pasted answer or a stored rollout with the judge's current
// version (or, from the rubric editor, with the rubric as edited, unsaved edits included), stored nowhere, showing everything: the prompt sent, each raw answer, the parsed result,
// tokens and cost. The prompt quotes the answer key, so only roles that edit judges may try them.

export type TryMember = {
  provider: string;
  model: string;
  answers: string[];
  outcomes: CriterionOutcome[];
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  error: string | null;
};

export type TryResult = {
  version: number;
  /** "draft": graded with the rubric as edited (unsaved edits included), not the version's. */
  rubric: "saved" | "draft";
  prompt: { system: string; user: string };
  members: TryMember[];
  result: ({ key: string; title: string } & AggregatedOutcome)[];
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

async function loadTranscript(ctx: Ctx, rolloutId: string): Promise<TranscriptMessage[]> {
  const [rollout] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.id, rolloutId), eq(rollouts.workspaceId, ctx.workspace.id)));
  if (!rollout) throw new AppError("not_found", "No such rollout.");
  return db
    .select({
      index: messages.index,
      role: messages.role,
      text: messages.text,
      reasoning: messages.reasoning,
      toolCalls: messages.toolCalls,
      toolName: messages.toolName,
    })
    .from(messages)
    .where(eq(messages.rolloutId, rolloutId))
    .orderBy(asc(messages.index));
}

function savedJudgeTask(version: LoadedVersion, taskKey: string) {
  const task = version.snapshot.tasks.find((t) => t.key === taskKey);
  if (!task)
    throw new AppError(
      "invalid",
      `The judge grades no criteria of the task "${taskKey}" (save the rubric first).`,
    );
  return { task, hidden: version.hiddenTasks[task.key] };
}

export async function tryJudge({ ctx, input }: { ctx: Ctx; input: TryJudgeInput }): Promise<TryResult> {
  assertCan(ctx, "judges.write");
  const data = parseInput(tryJudgeInput, input);
  const version = await ensureCurrentVersion({ ctx, judgeId: data.judgeId });
  const { task, hidden } = data.rubric
    ? await buildDraftJudgeTask({ ctx, version, taskKey: data.taskKey, rubric: data.rubric })
    : savedJudgeTask(version, data.taskKey);
  const transcript = data.rolloutId
    ? await loadTranscript(ctx, data.rolloutId)
    : [
        { index: 0, role: "user", text: hidden?.prompt ?? "" },
        { index: 1, role: "assistant", text: data.response ?? "" },
      ];
  const prompt = buildJudgePrompt({ task, hidden, criteria: task.criteria, messages: transcript });
  const providers = await loadVersionProviders(ctx, version);
  const members = await Promise.all(
    version.snapshot.providers.map(async (member, i): Promise<TryMember> => {
      try {
        const answer = await askMember({
          provider: member,
          config: { ...providers[i], timeoutSeconds: Math.min(providers[i].timeoutSeconds, 120) },
          prompt,
          criteria: task.criteria,
          sampling: version.snapshot.sampling,
          runAttempt: undefined,
        });
        return {
          provider: member.name,
          model: answer.model,
          answers: answer.answers,
          outcomes: answer.parsed.outcomes,
          inputTokens: answer.inputTokens,
          outputTokens: answer.outputTokens,
          costUsd: answer.costUsd,
          error: null,
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        const outcomes = task.criteria.map(
          (c): CriterionOutcome => ({ key: c.key, status: "unevaluable", problem: error.message }),
        );
        return {
          provider: member.name,
          model: member.model,
          answers: [],
          outcomes,
          inputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          error: error.message,
        };
      }
    }),
  );
  const result = task.criteria.map((criterion, i) => ({
    key: criterion.key,
    title: criterion.title,
    ...aggregatePanel(
      criterion,
      members.map((m) => ({ provider: m.provider, model: m.model, outcome: m.outcomes[i] })),
    ),
  }));
  return {
    version: version.version,
    rubric: data.rubric ? "draft" : "saved",
    prompt,
    members,
    result,
    inputTokens: members.reduce((s, m) => s + m.inputTokens, 0),
    outputTokens: members.reduce((s, m) => s + m.outputTokens, 0),
    costUsd: members.reduce((s, m) => s + m.costUsd, 0),
  };
}
