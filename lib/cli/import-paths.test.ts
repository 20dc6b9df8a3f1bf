import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandImportPaths } from "./import-paths";

function folderOf(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "import-paths-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe("expandImportPaths", () => {
  it("reads folders recursively in name order, naming files by their path in the folder", () => {
    const root = folderOf({
      "runs/b/results.jsonl": "{}",
      "runs/a/results.jsonl": "{}",
      "runs/a/metadata.json": "{}",
      "runs/a/notes.txt": "hi",
      "runs/.cache/x.json": "{}",
      "single.traj": "{}",
    });
    const { files, ignored } = expandImportPaths([join(root, "runs"), join(root, "single.traj")]);
    expect(files.map((f) => f.name)).toEqual([
      "runs/a/metadata.json",
      "runs/a/results.jsonl",
      "runs/b/results.jsonl",
      "single.traj",
    ]);
    expect(files[1].path).toBe(join(root, "runs/a/results.jsonl"));
    expect(ignored).toEqual(["runs/a/notes.txt"]);
  });

  it("refuses a path that does not exist, and a folder with no transcript files", () => {
    const root = folderOf({ "notes.txt": "hi" });
    expect(() => expandImportPaths([join(root, "missing")])).toThrow(/no such file or folder/);
    expect(() => expandImportPaths([root])).toThrow(/no transcript files to import/);
  });
});
