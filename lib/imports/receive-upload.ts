import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError, isAppError } from "@/lib/errors";
import {
  endedEarlyError,
  formatBytes,
  readDeclaredLength,
  refuseDeclaredTooLarge,
} from "@/lib/http/read-body";
import type { UploadLimits } from "./limits";
import type { ImportSource } from "./types";

// Streams an upload to disk (never whole in memory, with backpressure): a raw body, or multipart
// `file` fields. The upload is whole or refused: over a limit is 413 (before a byte is read when
// Content-Length says so), a body that stops short of its Content-Length or drops mid-way is 400, and
// either way the caller deletes the folder, so no prefix of a file is ever imported.

function sanitizeName(name: string | null | undefined, fallback: string): string {
  const base = path
    .basename(name ?? "")
    .replace(/[^\w.-]+/g, "_")
    .slice(0, 120);
  return base && base !== "." && base !== ".." ? base : fallback;
}

function uploadTooLarge(maxBytes: number): AppError {
  return new AppError(
    "too_large",
    `The upload is over the ${formatBytes(maxBytes)} limit (IMPORT_MAX_UPLOAD_MB); nothing was stored.`,
  );
}

function fileTooLarge(name: string, maxBytes: number): AppError {
  return new AppError(
    "too_large",
    `${name} is over the ${formatBytes(maxBytes)} limit per file (IMPORT_MAX_FILE_MB); nothing was stored.`,
  );
}

/** Counts the bytes that pass and fails with `tooLarge` past `maxBytes`. */
function countBytes(maxBytes: number, tooLarge: () => AppError): Transform & { received: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.received += chunk.length;
      if (counter.received > maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  }) as Transform & { received: number };
  counter.received = 0;
  return counter;
}

/** A file path in dir for name; names that repeat get their own subfolder, keeping siblings together. */
function placeFile(dir: string, name: string, taken: Set<string>): string {
  let folder = dir;
  for (let i = 1; taken.has(path.join(folder, name)); i++) folder = path.join(dir, String(i));
  fs.mkdirSync(folder, { recursive: true });
  const target = path.join(folder, name);
  taken.add(target);
  return target;
}

type Received = { body: Readable; counter: Transform & { received: number }; declared: number | null };

/** The error to report for a failed read: ours as they are, a dropped or cut body as "ended early". */
function explain(error: unknown, { counter, declared }: Received, isBodyBroken: boolean): AppError {
  if (isAppError(error)) return error;
  const isCut = declared !== null && counter.received < declared;
  if (isBodyBroken || isCut || /unexpected end/i.test(String((error as Error)?.message)))
    return endedEarlyError({ received: counter.received, declared, cause: isBodyBroken ? error : undefined });
  return new AppError("bad_request", "The multipart body is malformed.", { cause: error });
}

async function receiveRaw(
  received: Received,
  { dir, target }: { dir: string; target: string },
): Promise<void> {
  let isBodyBroken = false;
  received.body.once("error", () => {
    isBodyBroken = true;
  });
  fs.mkdirSync(dir, { recursive: true });
  try {
    await pipeline(received.body, received.counter, fs.createWriteStream(target));
  } catch (error) {
    throw explain(error, received, isBodyBroken);
  }
}

async function receiveMultipart(
  received: Received,
  { dir, contentType, maxFileBytes }: { dir: string; contentType: string; maxFileBytes: number },
): Promise<ImportSource[]> {
  const taken = new Set<string>();
  const files: ImportSource[] = [];
  const writes: Promise<void>[] = [];
  let failure: AppError | null = null;
  let isBodyBroken = false;
  const fail = (error: unknown) => {
    failure ??= explain(error, received, isBodyBroken);
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: maxFileBytes, files: 1_000 },
    });
  } catch (error) {
    throw new AppError("bad_request", "The multipart body is malformed.", { cause: error });
  }
  parser.on("file", (field, stream, info) => {
    // After a failure the rest of a declared body is still read (and dropped), so the client,
    // which is still sending, gets the answer instead of a reset connection.
    if (failure || field !== "file") {
      stream.resume();
      return;
    }
    const name = sanitizeName(info.filename, `upload-${files.length + 1}.json`);
    const target = placeFile(dir, name, taken);
    files.push({ path: target, name });
    stream.on("limit", () => fail(fileTooLarge(name, maxFileBytes)));
    writes.push(pipeline(stream, fs.createWriteStream(target)).catch(fail));
  });
  received.body.once("error", () => {
    isBodyBroken = true;
  });
  await new Promise<void>((resolve) => {
    parser.once("close", resolve);
    parser.once("error", (error) => {
      fail(error);
      resolve();
    });
    pipeline(received.body, received.counter, parser).catch((error) => {
      fail(error);
      resolve();
    });
  });
  await Promise.allSettled(writes);
  if (failure) throw failure;
  if (files.length === 0)
    throw new AppError("bad_request", 'No file in the form: send it in a field named "file".');
  return files;
}

export async function receiveUpload(
  request: Request,
  {
    dir,
    limits,
    fallbackName,
  }: {
    dir: string;
    limits: UploadLimits;
    fallbackName?: string;
  },
): Promise<ImportSource[]> {
  const contentType = request.headers.get("content-type") ?? "";
  const isMultipart = contentType.startsWith("multipart/form-data");
  const rawName = sanitizeName(fallbackName, "upload.json");
  // A raw body is one file, so both limits apply to it; a form's files are checked one by one.
  const maxBytes = isMultipart ? limits.maxUploadBytes : Math.min(limits.maxUploadBytes, limits.maxFileBytes);
  const tooLarge = () =>
    isMultipart || limits.maxUploadBytes < limits.maxFileBytes
      ? uploadTooLarge(maxBytes)
      : fileTooLarge(rawName, maxBytes);
  const declared = readDeclaredLength(request);
  if (declared !== null && declared > maxBytes) await refuseDeclaredTooLarge(request, declared, tooLarge());
  if (!request.body || declared === 0)
    throw new AppError("bad_request", "The request has no body: send the file.");
  const received: Received = {
    body: Readable.fromWeb(request.body as unknown as WebReadableStream),
    counter: countBytes(maxBytes, tooLarge),
    declared,
  };
  fs.mkdirSync(dir, { recursive: true });
  const files = isMultipart
    ? await receiveMultipart(received, { dir, contentType, maxFileBytes: limits.maxFileBytes })
    : await (async () => {
        const target = placeFile(dir, rawName, new Set());
        await receiveRaw(received, { dir, target });
        return [{ path: target, name: rawName }];
      })();
  // Whatever stopped the stream, a body shorter than announced is not the file (Next's proxy once cut
  // bodies at 10 MB and ended them cleanly).
  if (declared !== null && received.counter.received !== declared)
    throw endedEarlyError({ received: received.counter.received, declared });
  return files;
}
