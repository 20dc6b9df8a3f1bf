import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { formatBytes, readJsonBody, readRawBody } from "./read-body";

const post = (body: string) => new Request("http://studio.test/api", { method: "POST", body });

async function readError(body: string) {
  const error = await readJsonBody(post(body)).then(
    () => null,
    (e: unknown) => e,
  );
  return isAppError(error) ? { code: error.code, message: error.message } : error;
}

describe("readJsonBody", () => {
  it("parses a JSON body", async () => {
    await expect(readJsonBody(post('{"items":[{"key":"a","n":1}]}'))).resolves.toEqual({
      items: [{ key: "a", n: 1 }],
    });
  });

  it("refuses a NUL character in a value or a key, which no column can store", async () => {
    for (const body of ['{"a":"x\\u0000y"}', '{"a\\u0000":1}', '[["\\u0000"]]']) {
      expect(await readError(body)).toMatchObject({
        code: "bad_request",
        message: expect.stringContaining("NUL"),
      });
    }
  });

  it("keeps the text \\u0000 spelled with an escaped backslash, which is no NUL", async () => {
    await expect(readJsonBody(post('{"a":"C:\\\\u0000"}'))).resolves.toEqual({ a: "C:\\u0000" });
  });

  it("refuses an empty body and one that is not JSON", async () => {
    expect(await readError("  ")).toMatchObject({ code: "bad_request" });
    expect(await readError('{"a":')).toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("not valid JSON"),
    });
  });
});

/** A request whose body is `chunks`, announcing `declared` bytes, optionally failing after them. */
function streamed(chunks: string[], { declared, fails }: { declared?: number; fails?: boolean } = {}) {
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = queue.shift();
      if (chunk !== undefined) controller.enqueue(new TextEncoder().encode(chunk));
      else if (fails) controller.error(new Error("aborted"));
      else controller.close();
    },
  });
  const headers = declared === undefined ? undefined : { "content-length": String(declared) };
  return new Request("http://studio.test/api", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

async function rawError(request: Request, maxBytes = 1024) {
  const error = await readRawBody(request, maxBytes, "Split it.").then(
    () => null,
    (e: unknown) => e,
  );
  return isAppError(error) ? { code: error.code, message: error.message } : error;
}

describe("readRawBody", () => {
  it("reads a body whose length is what it announced", async () => {
    const body = await readRawBody(streamed(["ab", "cd"], { declared: 4 }), 10);
    expect(body.toString()).toBe("abcd");
  });

  it("refuses a body announced over the limit at once, naming the limit and what to do", async () => {
    expect(await rawError(streamed([], { declared: 3 * 1024 * 1024 }), 2 * 1024 * 1024)).toEqual({
      code: "too_large",
      message: "The body is larger than 2 MB. Split it.",
    });
  });

  it("refuses a chunked body once it passes the limit", async () => {
    expect(await rawError(streamed(["a".repeat(600), "b".repeat(600)]))).toMatchObject({
      code: "too_large",
      message: expect.stringContaining("1 KB"),
    });
  });

  it("refuses a body shorter than its Content-Length (cut in front of the route) instead of using the prefix", async () => {
    expect(await rawError(streamed(['{"items":[1,'], { declared: 100 }))).toEqual({
      code: "bad_request",
      message:
        "The body ended early: 12 bytes arrived of the 100 announced. Nothing was stored; send it again.",
    });
  });

  it("refuses a body whose connection dropped", async () => {
    expect(await rawError(streamed(["abc"], { fails: true }))).toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("the connection dropped before the body was whole"),
    });
  });
});

describe("formatBytes", () => {
  it("says limits the way people read them", () => {
    expect(formatBytes(64 * 1024 * 1024)).toBe("64 MB");
    expect(formatBytes(2 * 1024 ** 3)).toBe("2 GB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(12)).toBe("12 bytes");
  });
});

describe("a refused body", () => {
  it("is read to its end before the 413, so a client that sends it all first gets the answer", async () => {
    let pulls = 0;
    const chunks = Array.from({ length: 8 }, () => "x".repeat(500));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) return controller.close();
        pulls++;
        controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const request = new Request("http://studio.test/api", {
      method: "POST",
      body,
      headers: { "content-length": "4000" },
      duplex: "half",
    } as RequestInit);
    await expect(readRawBody(request, 1024)).rejects.toMatchObject({ code: "too_large" });
    expect(pulls).toBe(8);
  });
});
