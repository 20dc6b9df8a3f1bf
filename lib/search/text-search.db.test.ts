import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { messageDocument, toTsQuery } from "./text-search";

// Documents and queries were built with translate(x, '_./\', '    '); the replace() chain that
// replaced it must give the same text, or indexed rows and new queries would disagree.

const TEXTS = [
  "cat /grader/answer_key.json && ls ./tests/",
  "C:\\Users\\agent\\AppData\\Local\\Temp\\run_01.log",
  "__init__.py snake_case_name CONSTANT_VALUE _leading trailing_ a__b",
  "v1.2.3 e.g. www.example.org/path/to/file.tar.gz ... ./.. /",
  "naïve café résumé Straße_überall/日本語.テキスト\\中文_词 emoji 🚀_rocket.🚀/🚀\\ end",
  "tabs\tand\nnewlines\r\n_mixed_./\\_",
  "",
];

/** The documents' former definition, over the same concatenation. */
const TRANSLATED = sql.raw(
  `to_tsvector('english', translate(left(m.text || ' ' || m.reasoning || ' ' || m.tool_calls::text, 200000), '_./\\', '    '))`,
);

describe("search text", () => {
  it("builds the same document as translate() did, for text, reasoning and tool calls", async () => {
    for (const text of TEXTS) {
      const toolCalls = JSON.stringify([{ id: "c_1", name: "read_file", arguments: { path: text } }]);
      const [row] = await db.execute<{ doc: string; expected: string }>(sql`
        select ${messageDocument("m")}::text as doc,
          ${TRANSLATED}::text as expected
        from (select ${text}::text as text, ${`${text} reasoning`}::text as reasoning,
          ${toolCalls}::jsonb as tool_calls) as m`);
      expect(row.doc).toBe(row.expected);
    }
  });

  it("parses queries as translate() did", async () => {
    for (const q of [...TEXTS, '"answer_key.json" -tests/unit or C:\\temp']) {
      const [row] = await db.execute<{ query: string; expected: string }>(sql`
        select ${toTsQuery(q)}::text as query,
          websearch_to_tsquery('english', translate(${q}, '_./\\', '    '))::text as expected`);
      expect(row.query).toBe(row.expected);
    }
  });
});
