import fs from "node:fs";
import path from "node:path";
import type { ImportSource } from "@/lib/imports/types";
import { CliUsageError } from "./program";

// The files `studio import` reads: each file given, and every file under each folder given
// (recursively, in name order), named by its path within that folder so same-named files from
// different runs stay apart. Hidden entries and dependency folders are left out.

/** Extensions of files a folder import reads; other files in the folder are counted, not read. */
const TRANSCRIPT_EXTENSIONS = new Set([".json", ".jsonl", ".ndjson", ".traj", ".eval"]);
const SKIPPED_FOLDERS = new Set(["node_modules", "__pycache__"]);

export type ImportPaths = { files: ImportSource[]; ignored: string[] };

export function expandImportPaths(paths: string[]): ImportPaths {
  const files: ImportSource[] = [];
  const ignored: string[] = [];
  for (const given of paths) {
    const stat = fs.statSync(given, { throwIfNoEntry: false });
    if (!stat) throw new CliUsageError(`cannot read ${given}: no such file or folder`);
    if (stat.isFile()) {
      fs.accessSync(given, fs.constants.R_OK);
      files.push({ path: path.resolve(given), name: path.basename(given) });
      continue;
    }
    if (!stat.isDirectory()) throw new CliUsageError(`cannot read ${given}: not a file or folder`);
    const root = path.resolve(given);
    const found = walk(root);
    for (const file of found) {
      const name = path.join(path.basename(root), path.relative(root, file));
      if (TRANSCRIPT_EXTENSIONS.has(path.extname(file).toLowerCase())) files.push({ path: file, name });
      else ignored.push(name);
    }
  }
  if (files.length === 0) {
    throw new CliUsageError(
      `no transcript files to import (looked for ${[...TRANSCRIPT_EXTENSIONS].join(", ")} files in ${paths.join(", ")})`,
    );
  }
  return { files, ignored };
}

function walk(folder: string): string[] {
  const entries = fs
    .readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : walk(full);
    return entry.isFile() ? [full] : [];
  });
}
