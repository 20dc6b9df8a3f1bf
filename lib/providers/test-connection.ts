import "server-only";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { completeChat } from "./complete-chat";
import { ProviderError } from "./provider-error";
import { getProviderConfig } from "./queries";

// "Test connection": one tiny chat, no retries, reporting what a user needs to fix it.

export type ConnectionReport =
  | {
      ok: true;
      model: string;
      text: string;
      latencyMs: number;
      inputTokens: number;
      outputTokens: number;
      costUsd: number;
    }
  | { ok: false; kind: string; message: string };

export async function testProviderConnection({
  ctx,
  id,
}: {
  ctx: Ctx;
  id: string;
}): Promise<ConnectionReport> {
  assertCan(ctx, "providers.manage");
  const provider = await getProviderConfig({ ctx, id });
  try {
    const result = await completeChat({
      provider: { ...provider, timeoutSeconds: Math.min(provider.timeoutSeconds, 30) },
      messages: [{ role: "user", content: "Reply with the single word OK." }],
      maxTokens: 16,
      temperature: 0,
      maxRetries: 0,
    });
    return {
      ok: true,
      model: result.model,
      text: result.text.slice(0, 200),
      latencyMs: result.latencyMs,
      inputTokens: result.inputTokens,
      outputTokens: result.outputTokens,
      costUsd: result.costUsd,
    };
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, kind: error.kind, message: error.message };
    throw error;
  }
}
