import { describe, expect, it } from "vitest";
import { parseGraderTarget } from "./grader-target";
import { CliUsageError } from "./program";

describe("studio validate / attack read ENV@VERSION and ENV@draft", () => {
  it("reads the draft, a version and the latest approved", async () => {
    expect(await parseGraderTarget("env@draft")).toEqual({ slug: "env", version: null, isDraft: true });
    expect(await parseGraderTarget("env@v3")).toEqual({ slug: "env", version: 3, isDraft: false });
    expect(await parseGraderTarget("env")).toEqual({ slug: "env", version: null, isDraft: false });
  });
  it("says what is wrong with a malformed version", async () => {
    await expect(parseGraderTarget("env@three")).rejects.toBeInstanceOf(CliUsageError);
  });
});
