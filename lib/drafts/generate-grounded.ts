import "server-only";
import type { DraftExchange, EnvironmentDocument } from "@/db/schema";
import { withProviderLimit } from "@/lib/jobs/provider-limit";
import { completeChat } from "@/lib/providers/complete-chat";
import type { ProviderConfig } from "@/lib/providers/types";
import {
  buildGroundedPrompt,
  GROUNDED_CHUNK_CHARS,
  GROUNDED_SYSTEM,
  type GroundedProposal,
  parseGroundedAnswer,
  verifyProposal,
} from "./grounded";
import type { NewDraft } from "./store-draft";

// Grounded drafts through a model: the document goes out a chunk at a time; each answer is parsed
// (retried once when it isn't the JSON asked for), each fact checked against the document, and
// every prompt and answer kept with the draft it produced. Stops at `count` drafts or the cost cap.

export type GroundedRun = {
  provider: ProviderConfig;
  document: Pick<EnvironmentDocument, "id" | "name" | "text" | "pageStarts">;
  count: number;
  maxCostUsd: number;
  signal: AbortSignal;
  onDraft(draft: NewDraft): Promise<void>;
};

export type GroundedSummary = {
  drafted: number;
  dropped: number;
  costUsd: number;
  calls: number;
  stoppedBy: string;
};

function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += GROUNDED_CHUNK_CHARS)
    chunks.push(text.slice(at, at + GROUNDED_CHUNK_CHARS));
  return chunks;
}

async function ask(
  run: GroundedRun,
  prompt: string,
): Promise<{ exchange: DraftExchange; proposals: GroundedProposal[] | null }> {
  const { provider } = run;
  const result = await completeChat({
    provider,
    system: GROUNDED_SYSTEM,
    messages: [{ role: "user", content: prompt }],
    maxTokens: 4_096,
    temperature: 0.3,
    signal: run.signal,
    runAttempt: (attempt) =>
      withProviderLimit(
        provider.id ?? provider.name,
        { concurrency: provider.concurrency, rpm: provider.requestsPerMinute ?? undefined },
        attempt,
        { signal: run.signal },
      ),
  });
  return {
    exchange: {
      prompt: `${GROUNDED_SYSTEM}\n\n${prompt}`,
      answer: result.text,
      model: result.model,
      inputTokens: result.inputTokens,
      outputTokens: result.outputTokens,
      costUsd: result.costUsd,
    },
    proposals: parseGroundedAnswer(result.text),
  };
}

export async function draftGrounded(run: GroundedRun): Promise<GroundedSummary> {
  const summary: GroundedSummary = {
    drafted: 0,
    dropped: 0,
    costUsd: 0,
    calls: 0,
    stoppedBy: "document read",
  };
  const chunks = chunksOf(run.document.text);
  for (let i = 0; i < chunks.length && summary.drafted < run.count; i++) {
    if (summary.costUsd >= run.maxCostUsd) {
      summary.stoppedBy = "cost cap";
      break;
    }
    const wanted = Math.ceil((run.count - summary.drafted) / (chunks.length - i));
    const prompt = buildGroundedPrompt({ documentName: run.document.name, text: chunks[i], count: wanted });
    const exchanges: DraftExchange[] = [];
    let proposals: GroundedProposal[] | null = null;
    for (let attempt = 0; attempt < 2 && proposals === null; attempt++) {
      const answer = await ask(
        run,
        attempt === 0 ? prompt : `${prompt}\n\nAnswer with the JSON object only.`,
      );
      exchanges.push(answer.exchange);
      summary.calls++;
      summary.costUsd += answer.exchange.costUsd;
      proposals = answer.proposals;
    }
    for (const proposal of proposals ?? []) {
      if (summary.drafted >= run.count) break;
      const verified = verifyProposal(run.document, proposal);
      summary.dropped += verified.dropped.length;
      if (!verified.content) continue;
      await run.onDraft({
        kind: "grounded",
        content: verified.content,
        reason: `Grounded in ${run.document.name}: ${verified.citations.length} key fact(s), each cited${verified.dropped.length ? `; ${verified.dropped.length} proposed fact(s) dropped as unsupported or contradicted` : ""}.`,
        documentId: run.document.id,
        citations: verified.citations,
        dropped: verified.dropped,
        exchanges,
      });
      summary.drafted++;
    }
  }
  if (summary.drafted >= run.count) summary.stoppedBy = "count reached";
  return summary;
}
