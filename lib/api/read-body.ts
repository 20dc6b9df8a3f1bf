import { AppError } from "@/lib/errors";

// Request bodies at the HTTP boundary: size-limited before and while reading, JSON refused with a
// clear message. withRoute uses readJsonBody for every route that declares a `body` schema; raw
// uploads (imports, task files) read their bytes with readRawBody.

export const MAX_JSON_BODY_BYTES = 25 * 1024 * 1024;

function tooLarge(maxBytes: number): AppError {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${maxBytes} bytes`;
  return new AppError("too_large", `The body is larger than ${limit}.`);
}

/** The body's bytes, refusing more than `maxBytes` (413) without buffering past the limit. */
export async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const text = (await readRawBody(request, maxBytes)).toString("utf8");
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
