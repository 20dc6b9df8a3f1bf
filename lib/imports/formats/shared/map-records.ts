import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { type JsonLayout, readJsonDocument, readJsonRecords } from "@/lib/imports/read/read-json-records";
import type { ImportLimits, ImportSource, NormalizedRollout, ParsedRecord } from "@/lib/imports/types";

export type RecordPosition = { record: number; line?: number };

/** Turns a mapping failure into the message a user sees for that record. */
export function describeMappingError(error: unknown): string {
  if (error instanceof ImportRecordError) return error.message;
  // An unexpected shape that slipped past the checks: report it on the record, keep importing.
  return `could not read this record: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Reads the JSON records of a file (JSONL, array or one document) and maps each to rollouts.
 * A record maps to all of its rollouts or to one error item; reading always goes on.
 */
export async function* mapJsonRecords(args: {
  source: ImportSource;
  limits: ImportLimits;
  layout?: JsonLayout;
  map: (value: unknown, at: RecordPosition) => NormalizedRollout[] | Promise<NormalizedRollout[]>;
}): AsyncGenerator<ParsedRecord> {
  const { source, limits, layout, map } = args;
  for await (const item of readJsonRecords(source.path, { name: source.name, limits, layout })) {
    if (item.kind === "error") {
      yield { kind: "error", file: source.name, record: item.record, line: item.line, message: item.message };
      continue;
    }
    yield* mapOne({
      file: source.name,
      at: { record: item.record, line: item.line },
      value: item.value,
      map,
    });
  }
}

/** Maps one parsed value; yields its rollouts, or one error when mapping throws. */
export async function* mapOne(args: {
  file: string;
  at: RecordPosition;
  value: unknown;
  map: (value: unknown, at: RecordPosition) => NormalizedRollout[] | Promise<NormalizedRollout[]>;
}): AsyncGenerator<ParsedRecord> {
  const { file, at, value, map } = args;
  let rollouts: NormalizedRollout[];
  try {
    rollouts = await map(value, at);
  } catch (error) {
    yield { kind: "error", file, record: at.record, line: at.line, message: describeMappingError(error) };
    return;
  }
  for (const rollout of rollouts) {
    yield { kind: "rollout", file, record: at.record, line: at.line, rollout };
  }
}

/** Reads a whole file as one record (bounded by `maxRecordBytes`) and maps it, e.g. a bare list of messages. */
export async function* mapWholeFile(args: {
  source: ImportSource;
  limits: ImportLimits;
  map: (value: unknown, at: RecordPosition) => NormalizedRollout[] | Promise<NormalizedRollout[]>;
}): AsyncGenerator<ParsedRecord> {
  const { source, limits, map } = args;
  let value: unknown;
  try {
    value = await readJsonDocument(source.path, limits);
  } catch (error) {
    if (!(error instanceof ImportRecordError)) throw error;
    yield { kind: "error", file: source.name, record: 1, line: 1, message: error.message };
    return;
  }
  yield* mapOne({ file: source.name, at: { record: 1, line: 1 }, value, map });
}
