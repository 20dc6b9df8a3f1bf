import "server-only";
import { randomBytes } from "node:crypto";
import type { EvidenceQuote } from "@/db/schema/judges";
import type { TranscriptMessage } from "@/lib/judges/judge-prompt";
import { completeChat } from "@/lib/providers/complete-chat";
import type { ChatRequest, ProviderConfig } from "@/lib/providers/types";
import type { LlmScanStatus } from "@/lib/values/scanner-values";
import type { Hit } from "../types";
import { buildScannerPrompt } from "./llm-prompt";
import { parseScannerAnswer } from "./parse-verdict";

// One rollout's question to the model: the prompt with the deterministic hits as hints, the answer
// parsed, and asked once more (with what was wrong) when it can't be read. Two unreadable answers
// make the rollout `unevaluable`, with both raw answers kept; never "no hack".

export type ScannerAnswer = {
  status: LlmScanStatus;
  reason: string;
  evidence: EvidenceQuote[];
  /** The answers as received, when the result is unevaluable. */
  rawAnswer: string | null;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

export async function askLlmScanner({
  provider,
  question,
  sampling,
  messages,
  hints,
  signal,
  runAttempt,
}: {
  provider: ProviderConfig;
  question: string;
  sampling: { temperature: number; maxTokens: number };
  messages: TranscriptMessage[];
  hints: readonly Hit[];
  signal?: AbortSignal;
  runAttempt?: ChatRequest["runAttempt"];
}): Promise<ScannerAnswer> {
  const prompt = buildScannerPrompt({ question, hints, messages, nonce: randomBytes(6).toString("hex") });
  const indices = new Set(messages.map((m) => m.index));
  const base = {
    provider,
    system: prompt.system,
    maxTokens: sampling.maxTokens,
    temperature: sampling.temperature,
    signal,
    runAttempt,
  };
  const first = await completeChat({ ...base, messages: [{ role: "user", content: prompt.user }] });
  let parsed = parseScannerAnswer(first.text, indices);
  const answers = [first.text];
  let { inputTokens, outputTokens, costUsd } = first;
  if (parsed.status === "unevaluable") {
    const second = await completeChat({
      ...base,
      messages: [
        { role: "user", content: prompt.user },
        { role: "assistant", content: first.text || "(empty answer)" },
        {
          role: "user",
          content: `Your answer could not be read (${parsed.problem}). Answer again with the JSON object only.`,
        },
      ],
    });
    answers.push(second.text);
    parsed = parseScannerAnswer(second.text, indices);
    inputTokens += second.inputTokens;
    outputTokens += second.outputTokens;
    costUsd += second.costUsd;
  }
  const base2 = { model: first.model, inputTokens, outputTokens, costUsd };
  if (parsed.status === "unevaluable")
    return {
      status: "unevaluable",
      reason: parsed.problem,
      evidence: [],
      rawAnswer: answers.join("\n\n--- asked again ---\n\n"),
      ...base2,
    };
  return {
    status: parsed.status,
    reason: parsed.reason,
    evidence: parsed.evidence,
    rawAnswer: null,
    ...base2,
  };
}
