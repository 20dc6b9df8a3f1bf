import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import type { ImportSource } from "./types";

// Streams an upload to disk (never whole in memory): a raw body, or multipart `file` fields.

function sanitizeName(name: string | null | undefined, fallback: string): string {
  const base = path
    .basename(name ?? "")
    .replace(/[^\w.-]+/g, "_")
    .slice(0, 120);
  return base && base !== "." && base !== ".." ? base : fallback;
}

function limitBytes(maxBytes: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        callback(
          new AppError(
            "too_large",
            `${name} is over the ${Math.round(maxBytes / 1024 / 1024)} MB import limit.`,
          ),
        );
        return;
      }
      callback(null, chunk);
    },
  });
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

export async function receiveUpload(
  request: Request,
  { dir, maxFileBytes, fallbackName }: { dir: string; maxFileBytes: number; fallbackName?: string },
): Promise<ImportSource[]> {
  if (!request.body) throw new AppError("bad_request", "The request has no body: send the file.");
  fs.mkdirSync(dir, { recursive: true });
  const taken = new Set<string>();
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream);
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    const name = sanitizeName(fallbackName, "upload.json");
    const target = placeFile(dir, name, taken);
    await pipeline(body, limitBytes(maxFileBytes, name), fs.createWriteStream(target));
    return [{ path: target, name }];
  }
  const files: ImportSource[] = [];
  const writes: Promise<void>[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: maxFileBytes, files: 1_000 },
    });
    parser.on("file", (field, stream, info) => {
      if (field !== "file") {
        stream.resume();
        return;
      }
      const name = sanitizeName(info.filename, `upload-${files.length + 1}.json`);
      const target = placeFile(dir, name, taken);
      files.push({ path: target, name });
      stream.on("limit", () =>
        reject(
          new AppError(
            "too_large",
            `${name} is over the ${Math.round(maxFileBytes / 1024 / 1024)} MB import limit.`,
          ),
        ),
      );
      writes.push(pipeline(stream, fs.createWriteStream(target)));
    });
    parser.on("error", (error) =>
      reject(new AppError("bad_request", "The multipart body is malformed.", { cause: error })),
    );
    parser.on("close", () => resolve());
    body.on("error", reject);
    body.pipe(parser);
  });
  await Promise.all(writes);
  if (files.length === 0)
    throw new AppError("bad_request", 'No file in the form: send it in a field named "file".');
  return files;
}
