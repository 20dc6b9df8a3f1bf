import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import {
  TRANSCRIPT_WINDOW_MAX_CHARS as WINDOW_MAX_CHARS,
  TRANSCRIPT_WINDOW_SIZE as WINDOW_SIZE,
} from "@/lib/rollouts/query-keys";

// Browser-side fetchers for the viewer's TanStack queries (the /api/v1 routes, with the session cookie).

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new Error(body?.error?.message ?? `Request failed (${response.status})`);
  return body as T;
}

export async function fetchMessageWindow(rolloutId: string, start: number): Promise<TranscriptMessage[]> {
  const params = new URLSearchParams({
    offset: String(start),
    limit: String(WINDOW_SIZE),
    maxChars: String(WINDOW_MAX_CHARS),
  });
  const page = await getJson<{ messages: TranscriptMessage[] }>(
    `/api/v1/rollouts/${encodeURIComponent(rolloutId)}/messages?${params}`,
  );
  return page.messages;
}

export async function fetchFullMessage(rolloutId: string, index: number): Promise<TranscriptMessage | null> {
  const page = await getJson<{ messages: TranscriptMessage[] }>(
    `/api/v1/rollouts/${encodeURIComponent(rolloutId)}/messages?offset=${index}&limit=1`,
  );
  return page.messages[0] ?? null;
}

export async function fetchMatches(rolloutId: string, q: string) {
  return getJson<{ indexes: number[]; isTruncated: boolean }>(
    `/api/v1/rollouts/${encodeURIComponent(rolloutId)}/find?${new URLSearchParams({ q })}`,
  );
}
