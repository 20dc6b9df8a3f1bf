import { AppError } from "@/lib/errors";

// Request bodies at the HTTP boundary: size-limited before and while reading, checked to be whole,
// JSON refused with a clear message. withRoute uses readJsonBody for every route that declares a
// `body` schema; raw uploads (task import, task files) read their bytes with readRawBody, and rollout
// imports stream theirs to disk (lib/imports/receive-upload.ts) with the same checks.
//
// "Whole" matters: a body that arrives shorter than its Content-Length (a dropped connection, or a
// layer in front that cut it, as Next's proxy did above 10 MB) is refused, never used as a prefix.

export const MAX_JSON_BODY_BYTES = 25 * 1024 * 1024;

/** A byte count as people read limits: "64 MB", "2 GB", "512 bytes". */
export function formatBytes(bytes: number): string {
  const GB = 1024 ** 3;
  const MB = 1024 ** 2;
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(2))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** 413 naming the limit; `hint` says what to do (split the batch, which variable raises it). */
export function tooLargeError(maxBytes: number, hint?: string): AppError {
  return new AppError(
    "too_large",
    `The body is larger than ${formatBytes(maxBytes)}.${hint ? ` ${hint}` : ""}`,
  );
}

/** The Content-Length the client declared, or null for a chunked body; 400 when it isn't a number. */
export function readDeclaredLength(request: Request): number | null {
  const header = request.headers.get("content-length");
  if (header === null || header.trim() === "") return null;
  if (!/^\d+$/.test(header.trim()))
    throw new AppError("bad_request", "The Content-Length header is not a number.");
  return Number(header.trim());
}

/** 400 for a body that stopped before its end: nothing of it is used. */
export function endedEarlyError({
  received,
  declared,
  cause,
}: {
  received: number;
  declared: number | null;
  cause?: unknown;
}): AppError {
  const what = cause
    ? "the connection dropped before the body was whole"
    : declared !== null
      ? `${received.toLocaleString("en-US")} bytes arrived of the ${declared.toLocaleString("en-US")} announced`
      : "the form stopped before its closing boundary";
  return new AppError("bad_request", `The body ended early: ${what}. Nothing was stored; send it again.`, {
    cause,
  });
}

/**
 * Most of a refused body still read (and dropped) before answering. Clients such as Python's urllib
 * send the whole body before they read the answer: if the studio stopped reading, they would see a
 * reset connection (EPIPE) instead of the 413. Past this, the connection is cut.
 */
const MAX_DRAIN_BYTES = 256 * 1024 * 1024;

/** Reads and drops the rest of a body (`seen` bytes read so far), up to MAX_DRAIN_BYTES in all. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number): Promise<void> {
  try {
    for (let total = seen; total <= MAX_DRAIN_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.length;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to answer.
  }
}

/** Refuses a body announced over the limit: 413, after dropping the body if it is not huge. */
export async function refuseDeclaredTooLarge(
  request: Request,
  declared: number,
  error: AppError,
): Promise<never> {
  // Past the drain limit the body is left unread: the answer goes out and Node closes the connection.
  if (request.body && declared <= MAX_DRAIN_BYTES) await discardRest(request.body.getReader(), 0);
  throw error;
}

/** The body's bytes, refusing more than `maxBytes` (413) without buffering past it, and a cut body (400). */
export async function readRawBody(request: Request, maxBytes: number, hint?: string): Promise<Buffer> {
  const declared = readDeclaredLength(request);
  if (declared !== null && declared > maxBytes)
    await refuseDeclaredTooLarge(request, declared, tooLargeError(maxBytes, hint));
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch (error) {
      throw endedEarlyError({ received: size, declared, cause: error });
    }
    if (result.done) break;
    size += result.value.length;
    if (size > maxBytes) {
      await discardRest(reader, size);
      throw tooLargeError(maxBytes, hint);
    }
    chunks.push(result.value);
  }
  if (declared !== null && size !== declared) throw endedEarlyError({ received: size, declared });
  return Buffer.concat(chunks);
}

export async function readJsonBody(
  request: Request,
  maxBytes = MAX_JSON_BODY_BYTES,
  hint?: string,
): Promise<unknown> {
  return parseJsonText((await readRawBody(request, maxBytes, hint)).toString("utf8"));
}

/** A JSON body's text → its value; 400 when empty, malformed or holding a NUL character. */
export function parseJsonText(text: string): unknown {
  if (!text.trim()) throw new AppError("bad_request", "Send a JSON body.");
  let hasNul = false;
  let parsed: unknown;
  try {
    // NUL characters can't be stored in any text or jsonb column: refuse them here, with a 400.
    // Valid JSON can only spell one as the escape \u0000 (a raw one is a syntax error), so a body
    // without that text skips the reviver, which costs several times the parse itself. (A body with
    // it, e.g. an escaped backslash before "u0000", is checked value by value.)
    if (!text.includes("\\u0000")) parsed = JSON.parse(text);
    else
      parsed = JSON.parse(text, (_key, value) => {
        if (_key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) hasNul = true;
        return value;
      });
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON.");
  }
  if (hasNul)
    throw new AppError("bad_request", "The body holds a NUL character (\\u0000), which can't be stored.");
  return parsed;
}
