import { describe, expect, it } from "vitest";
import { decideSearchStrategy } from "./search-strategy";

// Samples as the bench's million-message workspace gives them (2,500 messages sampled of 1,000,000).
const sample = (workspaceMatching: number, candidates = workspaceMatching, hasPhrase = false) => ({
  percent: 0.25,
  workspaceSampled: 2_500,
  workspaceMatching,
  candidates,
  hasPhrase,
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
    expect(decideSearchStrategy(sample(25, 150, true))).toBe("scan");
  });

  it("bounds a phrase of common words that are rarely adjacent, costly both through the index and by a scan", () => {
    // "check the output": both words in 5% of messages (50,000 candidates), the phrase in 0.1%.
    expect(decideSearchStrategy(sample(2, 130, true))).toBe("bounded");
    // The same counts for two words that need not be adjacent: every candidate matches, no recheck.
    expect(decideSearchStrategy(sample(130, 130))).toBe("scan");
    // A phrase with few candidates is exact through the index.
    expect(decideSearchStrategy(sample(1, 20, true))).toBe("index");
  });

  it("uses the index when the words are common elsewhere but absent from this workspace", () => {
    expect(
      decideSearchStrategy({
        percent: 0.25,
        workspaceSampled: 2_000,
        workspaceMatching: 0,
        candidates: 500,
        hasPhrase: false,
      }),
    ).toBe("index");
  });

  it("scans a small workspace, whose every message costs less than the shared index's hits", () => {
    expect(
      decideSearchStrategy({
        percent: 0.25,
        workspaceSampled: 3,
        workspaceMatching: 1,
        candidates: 400,
        hasPhrase: false,
      }),
    ).toBe("scan");
  });
});
