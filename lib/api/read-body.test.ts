import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { readJsonBody } from "./read-body";

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
