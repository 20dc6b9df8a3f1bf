import { describe, expect, it } from "vitest";
import { hasGivenUp } from "./give-up";
import type { NormalizedMessage } from "./types";

const assistant = (text: string): NormalizedMessage => ({ role: "assistant", text });

describe("hasGivenUp", () => {
  it("reads the give-up line of the last assistant message with text", () => {
    expect(hasGivenUp([assistant("Working"), assistant("Tried twice.\nGIVE UP: no weights")])).toBe(true);
    expect(hasGivenUp([assistant("give up: blocked"), { role: "tool", text: "ok" }])).toBe(true);
  });

  it("ignores a give-up line that a later answer overrides, and mentions that are not the line", () => {
    expect(hasGivenUp([assistant("GIVE UP: stuck"), assistant("Found it: 42")])).toBe(false);
    expect(hasGivenUp([assistant("I will not give up: here is the answer")])).toBe(false);
  });

  it("takes the item's own metadata flag", () => {
    expect(hasGivenUp([assistant("done")], { gaveUp: true })).toBe(true);
    expect(hasGivenUp([], {})).toBe(false);
  });
});
