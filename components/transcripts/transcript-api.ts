import { apiFetch } from "@/lib/api-fetch";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import {
  TRANSCRIPT_WINDOW_MAX_CHARS as WINDOW_MAX_CHARS,
  TRANSCRIPT_WINDOW_SIZE as WINDOW_SIZE,
} from "@/lib/rollouts/query-keys";

// Browser-side fetchers for the viewer's TanStack queries (the /api/v1 routes, with the session cookie).

export async function fetchMessageWindow(rolloutId: string, start: number): Promise<TranscriptMessage[]> {
  const params = new URLSearchParams({
    offset: String(start),
    limit: String(WINDOW_SIZE),
    maxChars: String(WINDOW_MAX_CHARS),
  });
  const page = await apiFetch<{ messages: TranscriptMessage[] }>(
    `/api/v1/rollouts/${encodeURIComponent(rolloutId)}/messages?${params}`,
  );
  return page.messages;
}

export async function fetchFullMessage(rolloutId: string, index: number): Promise<TranscriptMessage | null> {
  const page = await apiFetch<{ messages: TranscriptMessage[] }>(
    `/api/v1/rollouts/${encodeURIComponent(rolloutId)}/messages?offset=${index}&limit=1`,
  );
  return page.messages[0] ?? null;
}

export async function fetchMatches(rolloutId: string, q: string) {
  return apiFetch<{ indexes: number[]; isTruncated: boolean }>(
    `/api/v1/rollouts/${encodeURIComponent(rolloutId)}/find?${new URLSearchParams({ q })}`,
  );
}
