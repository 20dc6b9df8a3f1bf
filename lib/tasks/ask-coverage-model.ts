import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { coverageModelAnswers } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { withProviderLimit } from "@/lib/jobs";
import { completeChat } from "@/lib/providers/complete-chat";
import type { ProviderConfig } from "@/lib/providers/types";
import {
  buildPrompt,
  type ModelAnswer,
  type ModelQuestion,
  PROMPT_VERSION,
  parseAnswer,
} from "./coverage/model/prompts";

// Puts one coverage question to a provider, cached by content: the hash of the prompt version, the
// model and the exact prompt. Editing one sentence re-asks only the questions about that sentence.

export type AskTally = { asked: number; cached: number; failed: number; costUsd: number };

export function hashQuestion(
  provider: Pick<ProviderConfig, "model">,
  prompt: { system: string; user: string },
) {
  return createHash("sha256")
    .update(`${PROMPT_VERSION}\u0000${provider.model}\u0000${prompt.system}\u0000${prompt.user}`)
    .digest("hex");
}

export function makeCachedAsk({
  ctx,
  provider,
  tally,
}: {
  ctx: Ctx;
  provider: ProviderConfig;
  tally: AskTally;
}): (question: ModelQuestion) => Promise<ModelAnswer | null> {
  return async (question) => {
    const prompt = buildPrompt(question);
    const cacheKey = hashQuestion(provider, prompt);
    const [hit] = await db
      .select({ verdict: coverageModelAnswers.verdict, reason: coverageModelAnswers.reason })
      .from(coverageModelAnswers)
      .where(
        and(
          eq(coverageModelAnswers.workspaceId, ctx.workspace.id),
          eq(coverageModelAnswers.cacheKey, cacheKey),
        ),
      )
      .limit(1);
    if (hit) {
      tally.cached++;
      return hit;
    }
    try {
      const result = await completeChat({
        provider,
        system: prompt.system,
        messages: [{ role: "user", content: prompt.user }],
        maxTokens: 200,
        temperature: 0,
        runAttempt: (run) =>
          withProviderLimit(
            provider.id ?? provider.name,
            {
              concurrency: provider.concurrency,
              ...(provider.requestsPerMinute ? { rpm: provider.requestsPerMinute } : {}),
            },
            run,
          ),
      });
      tally.asked++;
      tally.costUsd += result.costUsd;
      const answer = parseAnswer(result.text);
      if (!answer) {
        tally.failed++;
        return null;
      }
      await db
        .insert(coverageModelAnswers)
        .values({
          workspaceId: ctx.workspace.id,
          cacheKey,
          promptVersion: PROMPT_VERSION,
          question: question.kind,
          model: result.model,
          verdict: answer.verdict,
          reason: answer.reason,
          inputTokens: result.inputTokens,
          outputTokens: result.outputTokens,
          costUsd: result.costUsd,
        })
        .onConflictDoNothing();
      return answer;
    } catch {
      tally.failed++;
      return null;
    }
  };
}
