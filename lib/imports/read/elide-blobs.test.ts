import { describe, expect, it } from "vitest";
import { countBase64Bytes, elideBlobs, isBase64Blob } from "./elide-blobs";

const BASE64 = Buffer.alloc(3000, 7).toString("base64");

describe("elideBlobs", () => {
  it("replaces data URLs and raw base64 payloads with a sized marker, sharing untouched parts", () => {
    const untouched = { text: "a normal sentence that stays" };
    const value = {
      untouched,
      image: { type: "image_url", image_url: { url: `data:image/png;base64,${BASE64}` } },
      source: { type: "base64", media_type: "image/jpeg", data: BASE64 },
      list: ["short", BASE64],
    };
    const result = elideBlobs(value);
    expect(result).toEqual({
      untouched,
      image: { type: "image_url", image_url: { url: "[elided base64 image/png, 3000 bytes]" } },
      source: { type: "base64", media_type: "image/jpeg", data: "[elided base64, 3000 bytes]" },
      list: ["short", "[elided base64, 3000 bytes]"],
    });
    expect((result as typeof value).untouched).toBe(untouched);
    expect(value.source.data).toBe(BASE64);
  });

  it("keeps long prose and returns the same object when nothing changes", () => {
    const prose = { text: "word ".repeat(1000) };
    expect(elideBlobs(prose)).toBe(prose);
    expect(isBase64Blob(prose.text)).toBe(false);
  });

  it("computes decoded sizes", () => {
    expect(countBase64Bytes("aGVsbG8=")).toBe(5);
    expect(countBase64Bytes("data:text/plain;base64,aGVsbG8h")).toBe(6);
  });
});
