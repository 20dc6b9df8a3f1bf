import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { db, type Executor } from "@/db/client";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestWorkspace } from "@/lib/testing/factories";
import { insertBuiltInNode } from "./insert-search-rows";
import { cachedStemCount, lookUpEnglishLexemes } from "./stem-cache";

const dialect = new PgDialect();

/** The executor, counting the statements that look words up with ts_lexize. */
function countLookUps(executor: Executor) {
  const counted = { lookUps: 0 };
  const proxy = new Proxy(executor, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "execute")
        return (query: SQL) => {
          if (dialect.sqlToQuery(query).sql.includes("ts_lexize")) counted.lookUps++;
          return value.call(target, query);
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { executor: proxy, counted };
}

/** Words of lowercase letters no earlier test used. */
const freshWords = (n: number) =>
  Array.from({ length: n }, () =>
    randomUUID()
      .replaceAll("-", "")
      .replace(/[0-9]/g, (d) => "ghijklmnop"[Number(d)]),
  );

describe("the stem cache", () => {
  it("asks Postgres for a batch's new words in one query, and never again for words it has", async () => {
    const workspace = await createTestWorkspace();
    const run = await createTestRun({ workspaceId: workspace.id });
    const vocabulary = freshWords(300);
    const rollout = (from: number) =>
      createTestRollout({
        workspaceId: workspace.id,
        runId: run.id,
        isSearchIndexed: false,
        messages: Array.from({ length: 30 }, (_, i) => ({
          role: "assistant" as const,
          text: `the ${vocabulary.slice(from + i * 5, from + i * 5 + 5).join(" ")} and running`,
        })),
      });
    const first = [await rollout(0), await rollout(150)];
    let lookUps = -1;
    await db.transaction(async (tx) => {
      const counting = countLookUps(tx);
      await insertBuiltInNode(counting.executor, { rolloutIds: first.map((r) => r.id) });
      lookUps = counting.counted.lookUps;
    });
    expect(lookUps).toBe(1);
    expect(cachedStemCount()).toBeGreaterThanOrEqual(300);

    const again = await rollout(0);
    await db.transaction(async (tx) => {
      const counting = countLookUps(tx);
      await insertBuiltInNode(counting.executor, { rolloutIds: [again.id] });
      expect(counting.counted.lookUps).toBe(0);
    });
  });

  it("gives english_stem's lexeme, and null for a stop word", async () => {
    const lexemes = await lookUpEnglishLexemes(db, ["running", "the", "über", "don't", ""]);
    expect(Object.fromEntries(lexemes)).toEqual({
      running: "run",
      the: null,
      über: "über",
      "don't": "don't",
      "": null,
    });
  });
});
