import parseDiff from "parse-diff";

// Patches as the signatures need them: per file, its path, whether it is new or deleted, and the
// removed and added lines. Unified diffs go through parse-diff; the `*** Begin Patch` format of
// apply_patch tools is read here (parse-diff does not know it).

export type DiffFile = {
  path: string;
  isNew: boolean;
  isDeleted: boolean;
  removed: string;
  added: string;
  /** Where the file's section starts and ends in the patch text. */
  start: number;
  end: number;
};

const stripPrefix = (path: string) => path.replace(/^[ab]\//, "");

function locate(patch: string, path: string, from: number): number {
  const name = path.split("/").at(-1) ?? path;
  const index = patch.indexOf(name, from);
  if (index < 0) return from;
  const lineStart = patch.lastIndexOf("\n", index);
  return lineStart < 0 ? 0 : lineStart + 1;
}

function unified(patch: string): DiffFile[] {
  const files = parseDiff(patch);
  const out: DiffFile[] = [];
  let cursor = 0;
  for (const file of files) {
    const isDeleted = file.deleted === true || file.to === "/dev/null";
    const isNew = file.new === true || file.from === "/dev/null";
    const path = stripPrefix((isDeleted ? file.from : file.to) ?? file.from ?? "");
    if (!path) continue;
    const start = locate(patch, path, cursor);
    const changes = file.chunks.flatMap((c) => c.changes);
    out.push({
      path,
      isNew,
      isDeleted,
      removed: changes
        .filter((c) => c.type === "del")
        .map((c) => c.content.slice(1))
        .join("\n"),
      added: changes
        .filter((c) => c.type === "add")
        .map((c) => c.content.slice(1))
        .join("\n"),
      start,
      end: patch.length,
    });
    if (out.length > 1) out[out.length - 2].end = start;
    cursor = start + 1;
  }
  return out;
}

const CODEX_HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/gm;

function codexPatch(patch: string): DiffFile[] {
  const headers = [...patch.matchAll(CODEX_HEADER)];
  return headers.map((header, i) => {
    const start = header.index ?? 0;
    const end = headers[i + 1]?.index ?? patch.length;
    const lines = patch.slice(start, end).split("\n").slice(1);
    const kind = header[1];
    return {
      path: header[2].trim(),
      isNew: kind === "Add",
      isDeleted: kind === "Delete",
      removed: lines
        .filter((l) => l.startsWith("-"))
        .map((l) => l.slice(1))
        .join("\n"),
      added: lines
        .filter((l) => l.startsWith("+"))
        .map((l) => l.slice(1))
        .join("\n"),
      start,
      end,
    };
  });
}

export function parseDiffFiles(patch: string): DiffFile[] {
  if (patch.includes("*** Begin Patch") || /^\*\*\* (Add|Update|Delete) File: /m.test(patch))
    return codexPatch(patch);
  try {
    return unified(patch);
  } catch {
    return [];
  }
}
