import { createHash } from "node:crypto";
import type { z } from "zod";
import { mapChatMessages } from "@/lib/imports/formats/openai-blocks";
import { describeMappingError } from "@/lib/imports/formats/shared/map-records";
import { buildRollout } from "@/lib/imports/formats/shared/rollout";
import type { PreparedRollout } from "@/lib/imports/store-rollouts";
import { type LiveRolloutItem, liveRolloutItem } from "./schemas";

// A live item → the normalized rollout every import stores. Messages go through the OpenAI chat
// normalizer of the importers; the item itself is kept as the source record.

export const LIVE_SOURCE_FILE = "live";

/** A live rollout's identity in its workspace: its run and the client's key (stored as content_hash). */
export function liveContentHash(runId: string, key: string): string {
  return createHash("sha256").update(`live\n${runId}\n${key}`).digest("hex");
}

export type ParsedItem = { ok: true; item: LiveRolloutItem } | { ok: false; key: string; error: string };

/** Parses one raw item; a failure names the first bad field. */
export function parseLiveItem(raw: unknown): ParsedItem {
  const parsed = liveRolloutItem.safeParse(raw);
  if (parsed.success) return { ok: true, item: parsed.data };
  const key =
    typeof raw === "object" && raw !== null && typeof (raw as { key?: unknown }).key === "string"
      ? (raw as { key: string }).key
      : "";
  return { ok: false, key, error: describeIssue(parsed.error) };
}

function describeIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return "invalid item";
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

/** Normalizes an item for storage; throws an Error whose message says which message is bad. */
export function prepareLiveItem(runId: string, item: LiveRolloutItem): PreparedRollout {
  const rollout = buildRollout({
    externalId: item.key,
    step: item.step ?? null,
    taskKey: item.task ?? null,
    model: item.model,
    reward: item.reward ?? null,
    status: item.status ?? (item.error ? "error" : "completed"),
    error: item.error ?? null,
    messages: mapChatMessages(item.messages, "messages"),
    metadata: item.metadata ?? {},
    original: item,
  });
  const originalJson = JSON.stringify(rollout.original);
  return {
    rollout,
    file: LIVE_SOURCE_FILE,
    record: null,
    originalJson,
    contentHash: liveContentHash(runId, item.key),
  };
}

export function describeItemError(error: unknown): string {
  return describeMappingError(error);
}
