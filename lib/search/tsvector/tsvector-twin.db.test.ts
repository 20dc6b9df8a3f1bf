import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { agenticMessages, limitMessages } from "./testing/agentic";
import { compareWithDatabase } from "./testing/compare";
import { corpusMessages, randomTexts, type TestMessage } from "./testing/documents";

// The twin against the database: wherever parseDocument does not refuse, tsvectorLiteral must equal
// the indexer's own SQL (messageDocument) exactly. Refusals are allowed, but bounded, so a twin that
// refuses everything fails.

const asMessages = (texts: string[]): TestMessage[] =>
  texts.map((text) => ({ text, reasoning: null, toolCalls: null }));

async function expectTwinMatches(messages: TestMessage[], maxRefusedShare: number) {
  const result = await compareWithDatabase(db, messages);
  const shown = result.mismatches.slice(0, 3).map((m) => ({
    document: m.document.slice(0, 300),
    expected: m.expected.slice(0, 300),
    actual: m.actual?.slice(0, 300) ?? null,
  }));
  expect(shown).toEqual([]);
  expect(result.checked + result.refused).toBe(messages.length);
  expect(result.refused / messages.length).toBeLessThanOrEqual(maxRefusedShare);
}

describe("the tsvector twin", () => {
  it("matches Postgres on every text of the transcript test data", async () => {
    await expectTwinMatches(corpusMessages(), 0.05);
  });

  it("matches Postgres on generated agentic messages and at the limits", async () => {
    await expectTwinMatches([...agenticMessages(16, 1500), ...limitMessages()], 0.3);
  });

  it("matches Postgres on random strings of letters, digits, punctuation and whitespace", async () => {
    await expectTwinMatches(asMessages(randomTexts(2026, 16_000)), 0);
  });

  it("matches Postgres on random strings with non-ASCII punctuation, symbols and letters", async () => {
    await expectTwinMatches(asMessages(randomTexts(7, 6_000, { nonAscii: true })), 0.9);
  });
});
