import "server-only";
import { AppError } from "@/lib/errors";
import { TaskConflictError } from "./conflict";

// Request bodies for the authoring routes: size-limited before parsing, JSON refused with a clear
// message. The zod parse happens in the verb.

export const MAX_JSON_BODY_BYTES = 25 * 1024 * 1024;

/** The body's bytes, refusing more than `maxBytes` (413) without buffering past the limit. */
export async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes)
    throw new AppError("too_large", `The body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
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
      throw new AppError("too_large", `The body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const text = (await readRawBody(request, maxBytes)).toString("utf8");
  if (!text.trim()) throw new AppError("bad_request", "Send a JSON body.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON.");
  }
}

/** Runs a save; a conflict becomes 409 with `conflict` (what changed and the current content). */
export async function respondToSave<T>(save: () => Promise<T>): Promise<T | Response> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof TaskConflictError)) throw error;
    return Response.json(
      { error: { code: error.code, message: error.message }, conflict: error.details },
      { status: 409 },
    );
  }
}
