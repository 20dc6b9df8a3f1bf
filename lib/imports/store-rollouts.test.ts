import { describe, expect, it } from "vitest";
import { markNulCharacters, messageRow, NUL_MARK } from "./store-rollouts";

describe("NUL characters in message text", () => {
  it("become a visible ␀ and are counted in the message's metadata", () => {
    const marked = markNulCharacters({ role: "tool", text: "ELF\u0000\u0000x", metadata: { line: 3 } });
    expect(marked.text).toBe(`ELF${NUL_MARK}${NUL_MARK}x`);
    expect(marked.metadata).toEqual({ line: 3, nulCharacters: 2 });
  });

  it("leave text without NUL untouched (same object)", () => {
    const message = { role: "tool" as const, text: "plain" };
    expect(markNulCharacters(message)).toBe(message);
  });

  it("are marked in the stored row", () => {
    const row = messageRow("r", "w", { role: "tool", text: "a\u0000" }, 0);
    expect(row[4]).toBe(`a${NUL_MARK}`);
    expect(row.at(-1)).toEqual({ nulCharacters: 1 });
  });
});
