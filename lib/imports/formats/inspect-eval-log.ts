import { getArray, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { ImportFileError } from "@/lib/imports/read/read-file-head";
import type { ImportLimits, ImportSource, ParsedRecord } from "@/lib/imports/types";
import { openZipArchive, type ZipArchive } from "@/lib/imports/zip/open-zip";
import type { ZipEntry } from "@/lib/imports/zip/zip-directory";
import { type InspectLogContext, mapInspectSample, readInspectHeader } from "./inspect-sample";
import { describeMappingError } from "./shared/map-records";

const MONOLITH_SAMPLE = /^samples\/[^/]+\.json$/;
const CHUNKED_SHELL = /^(samples\/[^/]+)\/sample\.json$/;

/**
 * Reads an Inspect `.eval` zip one member at a time: the header (`header.json`, else the journal's
 * `start.json` for a run that never finished), then each sample member in archive order, as
 * `samples/{id}_epoch_{n}.json` or the chunked `samples/{id}_epoch_{n}/` folder.
 */
export async function* readInspectEvalLog(
  source: ImportSource,
  limits: ImportLimits,
): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  const archive = await openZipArchive(source.path, limits);
  try {
    const context = await readContext(archive, source, limits);
    let record = 0;
    for (const entry of archive.entries.values()) {
      const chunked = CHUNKED_SHELL.exec(entry.name);
      if (!chunked && !MONOLITH_SAMPLE.test(entry.name)) continue;
      record += 1;
      try {
        const sample = chunked
          ? await readChunkedSample(archive, chunked[1], limits)
          : await readMember(archive, entry, limits, 2);
        yield { kind: "rollout", file, record, rollout: mapInspectSample(sample, context) };
      } catch (error) {
        yield { kind: "error", file, record, message: `${entry.name}: ${describeMappingError(error)}` };
      }
    }
    if (record === 0) {
      const status = String(context.log.status ?? "unknown");
      yield { kind: "error", file, message: `the log has no samples (log status: ${status})` };
    }
  } finally {
    await archive.close();
  }
}

async function readContext(
  archive: ZipArchive,
  source: ImportSource,
  limits: ImportLimits,
): Promise<InspectLogContext> {
  const header = archive.entries.get("header.json");
  const start = archive.entries.get("_journal/start.json");
  const entry = header ?? start;
  if (!entry) {
    throw new ImportFileError(
      source.path,
      "not an Inspect .eval log: the zip has no header.json or _journal/start.json",
    );
  }
  try {
    return readInspectHeader(await readMember(archive, entry, limits, 0), { isJournal: !header });
  } catch (error) {
    if (!(error instanceof ImportRecordError)) throw error;
    throw new ImportFileError(source.path, `${entry.name}: ${error.message}`, { cause: error });
  }
}

/** Decompresses and parses one JSON member; `depthUsed` levels are already spent above it. */
async function readMember(archive: ZipArchive, entry: ZipEntry, limits: ImportLimits, depthUsed: number) {
  const bytes = await archive.read(entry);
  return parseJson(bytes.toString("utf8"), { maxJsonDepth: Math.max(1, limits.maxJsonDepth - depthUsed) });
}

/**
 * Rebuilds a chunked sample the way Inspect reads it: the shell `sample.json`, the pooled message
 * chunks (`message_refs` ranges point into them), and the attachment chunks, whose items are
 * referenced as `attachment://<index>`. Events are not needed for the conversation and are skipped.
 */
async function readChunkedSample(
  archive: ZipArchive,
  prefix: string,
  limits: ImportLimits,
): Promise<unknown> {
  const shellEntry = archive.entries.get(`${prefix}/sample.json`);
  if (!shellEntry) throw new ImportRecordError(`${prefix}/sample.json is missing`);
  const shell = await readMember(archive, shellEntry, limits, 1);
  if (!isObject(shell)) throw new ImportRecordError(`${prefix}/sample.json is not an object`);
  let budget = limits.maxRecordBytes - shellEntry.uncompressedSize;
  const readSequence = async (sequence: string): Promise<unknown[]> => {
    const items: unknown[] = [];
    for (const entry of listChunks(archive, `${prefix}/${sequence}/`)) {
      budget -= entry.uncompressedSize;
      if (budget < 0) throw new ImportRecordError(`the chunked sample ${prefix} is over the record limit`);
      items.push(...getArray(await readMember(archive, entry, limits, 1)));
    }
    return items;
  };
  const messages = await readSequence("messages");
  const attachments: Record<string, unknown> = {};
  (await readSequence("attachments")).forEach((text, index) => {
    attachments[String(index)] = text;
  });
  const metadataEntry = archive.entries.get(`${prefix}/metadata.json`);
  const metadata = metadataEntry ? await readMember(archive, metadataEntry, limits, 1) : shell.metadata;
  const hasRefs = Array.isArray(shell.message_refs);
  return {
    ...shell,
    metadata,
    messages: hasRefs ? undefined : messages,
    events_data: { messages },
    attachments: { ...(isObject(shell.attachments) ? shell.attachments : {}), ...attachments },
  };
}

/** A sequence's chunk members in index order (each is named by the index of its first item). */
function listChunks(archive: ZipArchive, prefix: string): ZipEntry[] {
  const chunks: Array<{ start: number; entry: ZipEntry }> = [];
  for (const [name, entry] of archive.entries) {
    if (!name.startsWith(prefix)) continue;
    const stem = getText(name.slice(prefix.length).replace(/\.json$/, ""));
    if (stem && /^\d+$/.test(stem)) chunks.push({ start: Number(stem), entry });
  }
  return chunks.sort((a, b) => a.start - b.start).map((chunk) => chunk.entry);
}
