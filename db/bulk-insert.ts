import { once } from "node:events";
import { finished } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { canCopyFrom, type Executor, postgresClientOf } from "./client";

// Writes many rows at once, the one way every bulk writer uses. On a Postgres server, rows without
// an `on conflict` or `returning` clause stream in with COPY FROM STDIN (text format): the server
// parses each field once, where an array literal is parsed, unnested and cast. On PGlite, which
// can't take COPY over the wire, and for the other rows: one INSERT per thousand rows, each column
// one array parameter that `unnest` zips back into rows (far cheaper than a parameter per field).

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
  if (rows.length === 0) return [];
  if (!onConflict && !returning && canCopyFrom()) {
    await copyRows(executor, table, columns, rows);
    return [];
  }
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

/** Bytes of COPY data handed to the connection at a time (a longer row gets a chunk of its own). */
const COPY_CHUNK_BYTES = 1 << 20;

/**
 * Streams the rows into the table with COPY FROM STDIN on the executor's connection (in its
 * transaction, when it is one). Rejects with the server's error when it refuses a row.
 */
async function copyRows(executor: Executor, table: string, columns: BulkColumn[], rows: BulkValue[][]) {
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const query = postgresClientOf(executor).unsafe(`copy "${table}" (${names}) from stdin`);
  // postgres.js never settles the stream when the server rejects the data after the last chunk
  // (porsager/postgres#1173: the error goes to the query, whose promise already resolved with the
  // stream). Hearing that error through the query's reject keeps a refused COPY from hanging.
  const hook = query as unknown as { reject: (error: unknown) => void };
  let refuse: (error: unknown) => void = () => {};
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  refused.catch(() => {}); // awaited below; never an unhandled rejection when the stream fails first
  const rejectQuery = hook.reject;
  hook.reject = (error) => {
    refuse(error);
    rejectQuery(error);
  };
  const stream = await query.writable();
  const done = Promise.race([finished(stream), refused]);
  done.catch(() => {});
  // Each line is encoded straight into the chunk's bytes: concatenating lines into one string and
  // letting the stream encode it costs four times as much (the string is a rope of thousands of
  // pieces to flatten first).
  let chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  let size = 0;
  for (const row of rows) {
    const line = `${row.map(toCopyField).join("\t")}\n`;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (size + line.length * 3 > chunk.length) {
      if (size > 0 && !stream.write(chunk.subarray(0, size)))
        await Promise.race([once(stream, "drain"), done]);
      chunk = Buffer.allocUnsafe(Math.max(COPY_CHUNK_BYTES, line.length * 3));
      size = 0;
    }
    size += chunk.write(line, size);
  }
  stream.end(chunk.subarray(0, size));
  await done;
}

/** A value as a field of COPY's text format: \N for null; backslash and line and field breaks escaped. */
export function toCopyField(value: BulkValue): string {
  if (value === null) return "\\N";
  let text = toText(value);
  if (text.includes("\\")) text = text.replaceAll("\\", "\\\\");
  if (text.includes("\n")) text = text.replaceAll("\n", "\\n");
  if (text.includes("\r")) text = text.replaceAll("\r", "\\r");
  if (text.includes("\t")) text = text.replaceAll("\t", "\\t");
  if (text.includes("\u0000")) text = text.replaceAll("\u0000", "\uFFFD");
  return text;
}

const toText = (value: string | number | object): string =>
  typeof value === "string"
    ? value
    : typeof value === "number"
      ? String(value)
      : value instanceof JsonText
        ? jsonWithoutNul(value.json)
        : jsonWithoutNul(JSON.stringify(value));

/** Postgres text can't hold NUL and jsonb refuses its \u0000 escape: binary tool output has both. */
const jsonWithoutNul = (json: string) => json.replaceAll("\\u0000", "\\ufffd");

/** One column of rows as a Postgres array literal: {"a","b\"c",NULL}. */
export function toArrayLiteral(rows: BulkValue[][], column: number): string {
  const elements = rows.map((row) => toArrayElement(row[column]));
  return `{${elements.join(",")}}`;
}

function toArrayElement(value: BulkValue): string {
  if (value === null) return "NULL";
  let text = toText(value);
  // includes() scans are far cheaper than a regex, and most values need no escaping at all.
  if (text.includes("\\")) text = text.replaceAll("\\", "\\\\");
  if (text.includes('"')) text = text.replaceAll('"', '\\"');
  if (text.includes("\u0000")) text = text.replaceAll("\u0000", "\uFFFD");
  return `"${text}"`;
}
