import { z } from "zod";
import { AppError } from "@/lib/errors";
import { ROLLOUT_SORTS, type RolloutSort } from "./schemas";

// Keyset cursors: the last row's sort key and id, as opaque base64url JSON. Timestamps travel as
// microsecond-precision ISO strings (Postgres keeps microseconds; a JS Date would drop them and skip rows).

export type RolloutCursor = { sort: RolloutSort; value: string | number | null; id: string };

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

const cursorShape = z.object({
  s: z.enum(ROLLOUT_SORTS),
  v: z.union([z.string().max(64), z.number(), z.null()]),
  i: z.uuid(),
});

export function encodeCursor(cursor: RolloutCursor): string {
  const json = JSON.stringify({ s: cursor.sort, v: cursor.value, i: cursor.id });
  return Buffer.from(json, "utf8").toString("base64url");
}

/** Decodes a cursor made for `sort`; anything else (tampered, other sort) is an `invalid` error. */
export function decodeCursor(raw: string, sort: RolloutSort): RolloutCursor {
  let parsed: z.infer<typeof cursorShape>;
  try {
    parsed = cursorShape.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch (cause) {
    throw new AppError("invalid", "cursor: malformed; use the nextCursor of a previous page.", { cause });
  }
  if (parsed.s !== sort) throw new AppError("invalid", `cursor: made for sort '${parsed.s}', not '${sort}'.`);
  const isTimeSort = sort === "newest" || sort === "oldest";
  const isValidValue = isTimeSort
    ? typeof parsed.v === "string" && ISO_MICROS.test(parsed.v)
    : typeof parsed.v !== "string";
  if (!isValidValue) {
    throw new AppError("invalid", "cursor: malformed; use the nextCursor of a previous page.");
  }
  return { sort: parsed.s, value: parsed.v, id: parsed.i };
}
