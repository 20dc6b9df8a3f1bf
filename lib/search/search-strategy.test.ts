import { describe, expect, it } from "vitest";
import { decideSearchStrategy } from "./search-strategy";

// Samples as the bench's million-message workspace gives them (2,500 messages sampled of 1,000,000).
const sample = (workspaceMatching: number, candidates = workspaceMatching) => ({
  percent: 0.25,
  workspaceSampled: 2_500,
  workspaceMatching,
  candidates,
});

describe("decideSearchStrategy", () => {
  it("scans in sort order for words in many messages, and uses the GIN index for rare ones", () => {
    expect(decideSearchStrategy(sample(600))).toBe("scan"); // a quarter of all messages
    expect(decideSearchStrategy(sample(50))).toBe("scan"); // 2%: a page still fills after ~10,000 checks
    expect(decideSearchStrategy(sample(3))).toBe("index"); // 1 in 800: ~1,200 index hits
    expect(decideSearchStrategy(sample(0))).toBe("index");
  });

  it("counts phrase candidates, which the GIN index fetches and rechecks, for the index's cost", () => {
    // "permission denied": each word in a quarter of the messages, the phrase in 1%.
    expect(decideSearchStrategy(sample(25, 150))).toBe("scan");
  });

  it("uses the index when the words are common elsewhere but absent from this workspace", () => {
    expect(
      decideSearchStrategy({ percent: 0.25, workspaceSampled: 2_000, workspaceMatching: 0, candidates: 500 }),
    ).toBe("index");
  });

  it("scans a small workspace, whose every message costs less than the shared index's hits", () => {
    expect(
      decideSearchStrategy({ percent: 0.25, workspaceSampled: 3, workspaceMatching: 1, candidates: 400 }),
    ).toBe("scan");
  });
});
