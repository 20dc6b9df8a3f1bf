import { createGunzip } from "node:zlib";
import { AppError } from "@/lib/errors";
import { parseJsonText, readRawBody, tooLargeError } from "@/lib/http/read-body";
import { decodeOtlpTraceRequest } from "./otlp-protobuf";

// An OTLP/HTTP export request as exporters send it (OTLP specification, "OTLP/HTTP"): protobuf
// (`application/x-protobuf`) or JSON (`application/json`), either one gzip-compressed
// (`Content-Encoding: gzip`). The limit holds for the bytes received and again for the bytes
// decompressed, counted while inflating: a small body that inflates past it is refused (413) without
// inflating the rest.

export type OtlpEncoding = "protobuf" | "json";

export type OtlpRequest = { encoding: OtlpEncoding; body: unknown };

/** Which of the two encodings the request declares; JSON when it declares none. */
export function readOtlpEncoding(request: Request): OtlpEncoding {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  if (type === "" || type === "application/json" || type.endsWith("+json")) return "json";
  throw new AppError(
    "bad_request",
    `Content-Type ${type} is not OTLP/HTTP: send application/x-protobuf or application/json.`,
  );
}

export async function readOtlpRequest(
  request: Request,
  maxBytes: number,
  hint?: string,
): Promise<OtlpRequest> {
  const encoding = readOtlpEncoding(request);
  const contentEncoding = (request.headers.get("content-encoding") ?? "").trim().toLowerCase();
  if (contentEncoding !== "" && contentEncoding !== "identity" && contentEncoding !== "gzip")
    throw new AppError(
      "bad_request",
      `Content-Encoding ${contentEncoding} is not supported: send gzip or none.`,
    );
  const received = await readRawBody(request, maxBytes, hint);
  const bytes = contentEncoding === "gzip" ? await gunzipWithin(received, maxBytes, hint) : received;
  if (encoding === "protobuf") return { encoding, body: decodeOtlpTraceRequest(bytes) };
  return { encoding, body: parseJsonText(bytes.toString("utf8")) };
}

/** Inflates a gzip body chunk by chunk, stopping with 413 as soon as it passes `maxBytes`. */
export function gunzipWithin(bytes: Uint8Array, maxBytes: number, hint?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    let size = 0;
    gunzip.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        gunzip.destroy();
        reject(tooLargeError(maxBytes, `${hint ? `${hint} ` : ""}(The limit counts the decompressed body.)`));
        return;
      }
      chunks.push(chunk);
    });
    gunzip.on("end", () => resolve(Buffer.concat(chunks)));
    gunzip.on("error", (error) =>
      reject(new AppError("bad_request", `The body is not valid gzip (${error.message}).`, { cause: error })),
    );
    gunzip.end(bytes);
  });
}
