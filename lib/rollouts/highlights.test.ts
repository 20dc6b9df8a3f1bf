import { describe, expect, it } from "vitest";
import { MATCH_END, MATCH_START, splitHighlights } from "./highlights";

describe("splitHighlights", () => {
  it("splits a ts_headline snippet into plain and matched segments", () => {
    const snippet = `read the ${MATCH_START}answer${MATCH_END} ${MATCH_START}key${MATCH_END} file`;
    expect(splitHighlights(snippet)).toEqual([
      { text: "read the ", isMatch: false },
      { text: "answer", isMatch: true },
      { text: " ", isMatch: false },
      { text: "key", isMatch: true },
      { text: " file", isMatch: false },
    ]);
  });

  it("keeps HTML in snippets as plain text segments", () => {
    expect(splitHighlights("<img src=x onerror=alert(1)>")).toEqual([
      { text: "<img src=x onerror=alert(1)>", isMatch: false },
    ]);
  });
});
