import { env } from "@/lib/env";
import type { ImportLimits } from "./types";

const MB = 1024 * 1024;

/** The import limits in force, from the environment (see README, Configuration). */
export function getImportLimits(): ImportLimits {
  return {
    maxFileBytes: env.IMPORT_MAX_FILE_MB * MB,
    maxRecordBytes: env.IMPORT_MAX_RECORD_MB * MB,
    maxZipEntries: env.IMPORT_MAX_ZIP_ENTRIES,
    maxZipRatio: env.IMPORT_MAX_ZIP_RATIO,
    maxJsonDepth: env.IMPORT_MAX_JSON_DEPTH,
  };
}
