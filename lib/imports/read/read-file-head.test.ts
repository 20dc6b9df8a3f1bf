import { describe, expect, it } from "vitest";
import { writeTempFile } from "@/lib/imports/testing/corpus";
import { checkFileSize, ImportFileError, readFileHead } from "./read-file-head";

describe("readFileHead", () => {
  it("reads at most the requested bytes", async () => {
    const path = writeTempFile("a.txt", "0123456789");
    expect((await readFileHead(path, 4)).toString()).toBe("0123");
    expect((await readFileHead(path)).toString()).toBe("0123456789");
  });

  it("throws a file error for a missing file", async () => {
    await expect(readFileHead("/nonexistent/file.json")).rejects.toThrow(
      new ImportFileError("/nonexistent/file.json", "cannot read /nonexistent/file.json: no such file"),
    );
  });
});

describe("checkFileSize", () => {
  it("returns the size under the limit and refuses a file over it", async () => {
    const path = writeTempFile("b.txt", "x".repeat(3000));
    expect(await checkFileSize(path, { maxFileBytes: 3000 })).toBe(3000);
    await expect(checkFileSize(path, { maxFileBytes: 2048 })).rejects.toThrow(
      "file is 2.9 KiB, over the 2 KiB import limit",
    );
  });
});
