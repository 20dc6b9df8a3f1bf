import { describe, expect, it } from "vitest";
import { buildFilterQuery, readSearchParams, rolloutFilterInput } from "./schemas";

describe("rollout filter", () => {
  it("parses URL params, coercing numbers and applying defaults", () => {
    const filter = rolloutFilterInput.parse(
      readSearchParams(
        new URLSearchParams("q=answer+key&minReward=0.5&maxReward=1&toolErrors=yes&limit=20&model=gpt-4.1"),
      ),
    );
    expect(filter).toMatchObject({
      q: "answer key",
      minReward: 0.5,
      maxReward: 1,
      toolErrors: "yes",
      limit: 20,
      model: "gpt-4.1",
    });
    expect(filter.sort).toBe("newest");
  });

  it("treats blank form fields as absent", () => {
    const filter = rolloutFilterInput.parse({ q: "", model: "  ", minReward: "", sort: "", limit: "" });
    expect(filter).toEqual({ sort: "newest", limit: 50 });
  });

  it("takes the first of repeated params (Next searchParams arrays)", () => {
    expect(readSearchParams({ model: ["a", "b"], q: "x", run: undefined })).toEqual({ model: "a", q: "x" });
  });

  it("rejects limits above 200, unknown sorts, bad run ids, non-finite rewards and bad dates", () => {
    for (const input of [
      { limit: "201" },
      { limit: "0" },
      { sort: "random" },
      { run: "42" },
      { minReward: "Infinity" },
      { minReward: "abc" },
      { from: "yesterday" },
      { toolErrors: "maybe" },
    ]) {
      expect(rolloutFilterInput.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it("accepts days and ISO timestamps for the date range, and both label statuses", () => {
    const filter = rolloutFilterInput.parse({
      from: "2026-01-01",
      to: "2026-01-31T12:00:00Z",
      label: "unlabeled",
    });
    expect(filter).toMatchObject({ from: "2026-01-01", to: "2026-01-31T12:00:00Z", label: "unlabeled" });
  });

  it("builds stable links without defaults or blanks", () => {
    expect(buildFilterQuery({ sort: "newest", q: "grader", model: "", limit: 50, cursor: "abc" })).toBe(
      "?cursor=abc&q=grader",
    );
    expect(buildFilterQuery({ sort: "reward-asc" })).toBe("?sort=reward-asc");
    expect(buildFilterQuery({})).toBe("");
  });
});
