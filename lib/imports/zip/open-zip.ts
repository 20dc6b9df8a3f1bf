import { type FileHandle, open } from "node:fs/promises";
import { checkFileSize, ImportFileError } from "@/lib/imports/read/read-file-head";
import type { ImportLimits } from "@/lib/imports/types";
import { readZipEntry } from "./read-zip-entry";
import { readZipDirectory, type ZipEntry } from "./zip-directory";

export type ZipArchive = {
  /** Members by name; when a name repeats (an appended rewrite), the last directory entry wins. */
  entries: Map<string, ZipEntry>;
  /** Decompresses one member (≤ `maxBytes`, default the record limit). */
  read(entry: ZipEntry, options?: { maxBytes?: number }): Promise<Buffer>;
  close(): Promise<void>;
};

/**
 * Opens a zip archive for member-at-a-time reading: only the central directory is read up front,
 * so memory stays bounded by the largest member read, not by the archive. Close it when done.
 */
export async function openZipArchive(
  path: string,
  limits: Pick<ImportLimits, "maxFileBytes" | "maxRecordBytes" | "maxZipEntries" | "maxZipRatio">,
): Promise<ZipArchive> {
  const fileSize = await checkFileSize(path, limits);
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    throw new ImportFileError(path, `cannot read ${path}`, { cause: error });
  }
  try {
    const list = await readZipDirectory(handle, {
      file: path,
      fileSize,
      maxZipEntries: limits.maxZipEntries,
    });
    const entries = new Map<string, ZipEntry>();
    for (const entry of list) {
      entries.delete(entry.name); // Re-insert so iteration order follows the winning entry.
      entries.set(entry.name, entry);
    }
    return {
      entries,
      read: (entry, options = {}) =>
        readZipEntry(handle, entry, {
          fileSize,
          maxBytes: options.maxBytes ?? limits.maxRecordBytes,
          maxRatio: limits.maxZipRatio,
        }),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
