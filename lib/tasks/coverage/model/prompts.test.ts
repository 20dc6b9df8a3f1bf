import { describe, expect, it } from "vitest";
import { buildPrompt, PROMPT_VERSION, parseAnswer } from "./prompts";

describe("model prompts", () => {
  it("are short, carry the workspace's marks as examples, and have a version", () => {
    const { user } = buildPrompt({
      kind: "asks",
      sentence: "Providers must notify the regulator.",
      context: "Background",
      examples: [{ text: "Deployers shall keep logs.", verdict: "background" }],
    });
    expect(user).toContain('"Deployers shall keep logs." → background');
    expect(user.length).toBeLessThan(800);
    expect(PROMPT_VERSION).toMatch(/^coverage-/);
  });

  it("read a JSON verdict in fences or prose, and nothing else", () => {
    expect(parseAnswer('```json\n{"verdict": true, "reason": "It asks."}\n```')).toEqual({
      verdict: true,
      reason: "It asks.",
    });
    expect(parseAnswer("I think so.")).toBeNull();
    expect(parseAnswer('{"verdict": "yes"}')).toBeNull();
  });
});
