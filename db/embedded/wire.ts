// Just enough of the Postgres wire protocol to route whole client batches to one PGlite session.

export const SSL_REQUEST_CODE = 80877103;
export const GSSENC_REQUEST_CODE = 80877104;
export const CANCEL_REQUEST_CODE = 80877102;
export const PROTOCOL_3 = 196608;

export type ClientMessage =
  | { kind: "untyped"; code: number; bytes: Buffer } // startup, SSL, GSSENC or cancel request
  | { kind: "typed"; type: string; bytes: Buffer };

/**
 * Splits buffered client bytes into whole messages. Before startup completes, messages have no type
 * byte; after it, each starts with one. Returns the messages and the unconsumed rest.
 */
export function splitClientMessages(
  buffer: Buffer,
  isStartupPhase: () => boolean,
): { messages: ClientMessage[]; rest: Buffer } {
  const messages: ClientMessage[] = [];
  let offset = 0;
  while (buffer.length - offset >= 5) {
    if (isStartupPhase()) {
      if (buffer.length - offset < 8) break;
      const length = buffer.readInt32BE(offset);
      if (buffer.length - offset < length) break;
      const code = buffer.readInt32BE(offset + 4);
      messages.push({ kind: "untyped", code, bytes: buffer.subarray(offset, offset + length) });
      offset += length;
      // Only a real startup message ends the startup phase; the caller tracks that.
      if (code === PROTOCOL_3) return { messages, rest: buffer.subarray(offset) };
      continue;
    }
    const length = buffer.readInt32BE(offset + 1);
    if (buffer.length - offset < length + 1) break;
    messages.push({
      kind: "typed",
      type: String.fromCharCode(buffer[offset]),
      bytes: buffer.subarray(offset, offset + length + 1),
    });
    offset += length + 1;
  }
  return { messages, rest: buffer.subarray(offset) };
}

/** Reads the key/value parameters of a startup message. */
export function readStartupParameters(bytes: Buffer): Map<string, string> {
  const params = new Map<string, string>();
  const parts = bytes.subarray(8).toString("utf8").split("\0");
  for (let i = 0; i + 1 < parts.length && parts[i] !== ""; i += 2) params.set(parts[i], parts[i + 1]);
  return params;
}

export function buildStartupMessage(params: Map<string, string>): Buffer {
  const body = Buffer.from(`${[...params].map(([k, v]) => `${k}\0${v}\0`).join("")}\0`, "utf8");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(PROTOCOL_3, 4);
  return Buffer.concat([head, body]);
}

/** An ErrorResponse followed by nothing: the client reports it and the socket is closed. */
export function buildFatalError(message: string, code = "08004"): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0, "ascii");
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

/** A simple-protocol Query message. */
export function buildQueryMessage(query: string): Uint8Array {
  const text = Buffer.from(`${query}\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("Q", 0, "ascii");
  head.writeInt32BE(4 + text.length, 1);
  return new Uint8Array(Buffer.concat([head, text]));
}

/** Sync: ends an extended-protocol exchange (and clears an error state); answered by ReadyForQuery. */
export const SYNC_MESSAGE = new Uint8Array([0x53, 0, 0, 0, 4]);

/** Watches server output for ReadyForQuery ('Z', length 5, status) and remembers the last status. */
export class ReadyForQueryTracker {
  private tail = Buffer.alloc(0);

  push(chunk: Uint8Array): void {
    this.tail = Buffer.concat([this.tail, Buffer.from(chunk)]).subarray(-6);
  }

  /** 'I' idle, 'T' in a transaction, 'E' in a failed transaction, or null if the batch didn't end in Z. */
  lastStatus(): "I" | "T" | "E" | null {
    const t = this.tail;
    if (t.length === 6 && t[0] === 0x5a && t.readInt32BE(1) === 5) {
      const status = String.fromCharCode(t[5]);
      if (status === "I" || status === "T" || status === "E") return status;
    }
    return null;
  }
}
