import { sql } from "drizzle-orm";
import type { Executor } from "./client";

// Inserts many rows with one statement per thousand: each column travels as one array parameter
// and `unnest` zips them back into rows. Far cheaper than a bound parameter per field, cheaper than
// a JSON document to unpack, and the same SQL on a Postgres server and on PGlite. (COPY FROM STDIN
// measured about the same for imports, but PGlite can't take it over the wire, and postgres.js
// never settles a COPY the server rejects: porsager/postgres#1173.)

export type BulkColumn = { name: string; type: string };
export type BulkValue = string | number | object | null;
/** A value already serialized as JSON text, inserted as it is into a json or jsonb column. */
export class JsonText {
  constructor(readonly json: string) {}
}

const ROWS_PER_STATEMENT = 1_000;

export type BulkInsertOptions = {
  /** Appended as `on conflict …`, e.g. `(workspace_id, content_hash) do nothing`. */
  onConflict?: string;
  /** Columns to return from the inserted rows. */
  returning?: string[];
};

/** Inserts the rows; returns the `returning` columns of each inserted row (none when not asked). */
export async function bulkInsert<Row extends Record<string, unknown> = Record<string, never>>(
  executor: Executor,
  table: string,
  columns: BulkColumn[],
  rows: BulkValue[][],
  { onConflict, returning }: BulkInsertOptions = {},
): Promise<Row[]> {
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
  const conflict = onConflict ? sql.raw(` on conflict ${onConflict}`) : sql``;
  const returned = returning ? sql.raw(` returning ${returning.map((c) => `"${c}"`).join(", ")}`) : sql``;
  const out: Row[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const slice = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays = columns.map((column, c) => sql`${toArrayLiteral(slice, c)}::${sql.raw(column.type)}[]`);
    const inserted = await executor.execute<Row>(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${conflict}${returned}`,
    );
    // Drizzle types execute()'s rows as postgres.js rows; they are the `returning` columns asked for.
    if (returning) out.push(...(inserted as unknown as Row[]));
  }
  return out;
}

/** Postgres text can't hold NUL and jsonb refuses its \u0000 escape: binary tool output has both. */
const jsonWithoutNul = (json: string) => json.replaceAll("\\u0000", "\\ufffd");

/** One column of rows as a Postgres array literal: {"a","b\"c",NULL}. */
export function toArrayLiteral(rows: BulkValue[][], column: number): string {
  const elements = rows.map((row) => toArrayElement(row[column]));
  return `{${elements.join(",")}}`;
}

function toArrayElement(value: BulkValue): string {
  if (value === null) return "NULL";
  let text =
    typeof value === "string"
      ? value
      : typeof value === "number"
        ? String(value)
        : value instanceof JsonText
          ? jsonWithoutNul(value.json)
          : jsonWithoutNul(JSON.stringify(value));
  // includes() scans are far cheaper than a regex, and most values need no escaping at all.
  if (text.includes("\\")) text = text.replaceAll("\\", "\\\\");
  if (text.includes('"')) text = text.replaceAll('"', '\\"');
  if (text.includes("\u0000")) text = text.replaceAll("\u0000", "\uFFFD");
  return `"${text}"`;
}
