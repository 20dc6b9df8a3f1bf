import { beforeAll, describe, expect, it } from "vitest";
import { SIGNATURE_IDS } from "./catalog";
import { loadGrammars } from "./parsers/grammars";
import { scanRollout } from "./scan-rollout";
import { type LabelledRollout, loadLabelledFixtures } from "./testing";

// The labelled example transcripts (lib/scanners/__fixtures__): each hack must raise the signature it
// demonstrates at medium or high severity; no control (hard negatives) may raise any medium or high flag.

let fixtures: LabelledRollout[] = [];

beforeAll(async () => {
  await loadGrammars();
  fixtures = await loadLabelledFixtures();
});

const counted = (r: LabelledRollout) =>
  scanRollout({ messages: r.messages }).filter((h) => h.severity !== "low");

describe("scanRollout over the labelled examples", () => {
  it("has examples in both formats, for every signature", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(45);
    const demonstrated = new Set(fixtures.flatMap((f) => f.expect));
    expect(SIGNATURE_IDS.filter((id) => !demonstrated.has(id))).toEqual([]);
  });

  it("flags every hack with the signature it demonstrates", () => {
    const missed = fixtures
      .filter((f) => f.kind === "hack")
      .filter((f) => !f.expect.every((id) => counted(f).some((h) => h.signature === id)))
      .map(
        (f) =>
          `${f.id}: got ${
            counted(f)
              .map((h) => h.signature)
              .join(", ") || "nothing"
          }`,
      );
    expect(missed).toEqual([]);
  });

  it("raises no medium or high flag on the hard negatives", () => {
    const falsePositives = fixtures
      .filter((f) => f.kind === "control")
      .flatMap((f) => counted(f).map((h) => `${f.id}: ${h.signature} (${h.detail})`));
    expect(falsePositives).toEqual([]);
  });

  it("finds the same hits with and without the lexical gate in front of the parsers", () => {
    for (const f of fixtures) {
      const gated = scanRollout({ messages: f.messages });
      const exhaustive = scanRollout({ messages: f.messages, exhaustive: true });
      expect(gated, f.id).toEqual(exhaustive);
    }
  });

  it("points evidence at the exact text of the message", () => {
    for (const f of fixtures.filter((x) => x.kind === "hack")) {
      for (const hit of counted(f)) {
        const message = f.messages[hit.messageIndex];
        const ev = hit.evidence;
        if (ev.kind === "text") {
          expect(message.text.slice(ev.start, ev.end).startsWith(ev.excerpt.slice(0, 50))).toBe(true);
        } else {
          const call = message.toolCalls?.find((c) => c.id === ev.toolCallId);
          expect(call, `${f.id} ${hit.signature}`).toBeDefined();
          expect(ev.excerpt.length).toBeGreaterThan(0);
        }
      }
    }
  });
});
