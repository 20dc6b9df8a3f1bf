import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isBuildCurrent } from "./build";
import { BUILD_STAMP_FILE, computeBuildStamp } from "./build-stamp";

// The stamp that lets `npm start` skip the build: it changes when what `next build` reads changes,
// and only then. After `npm test` (which builds through the same scripts/build.ts and may touch files
// without changing them) or `npm install` (which rewrites an unchanged package-lock.json), the next
// start must not rebuild.

let root: string;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

function touch(file: string): void {
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(root, file), later, later);
}

/** What scripts/build.ts leaves behind: Next's build id and the stamp of the sources it built. */
function markBuilt(): void {
  write(".next/BUILD_ID", "test-build");
  fs.writeFileSync(path.join(root, BUILD_STAMP_FILE), computeBuildStamp(root));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-stamp-"));
  write("app/page.tsx", "export default function Page() { return null; }\n");
  write("lib/rollouts/format.ts", "export const x = 1;\n");
  write("lib/rollouts/format.test.ts", "it('works', () => {});\n");
  write("package-lock.json", '{"lockfileVersion": 3}\n');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the build stamp", () => {
  it("stays the same when files are touched or rewritten with the same content", () => {
    markBuilt();
    touch("app/page.tsx");
    write("package-lock.json", '{"lockfileVersion": 3}\n');
    expect(isBuildCurrent(root)).toBe(true);
  });

  it("ignores test files, which the build doesn't read", () => {
    markBuilt();
    write("lib/rollouts/format.test.ts", "it('works differently', () => {});\n");
    write("lib/rollouts/other.test.ts", "it('is new', () => {});\n");
    expect(isBuildCurrent(root)).toBe(true);
  });

  it("changes when a database module the app imports changes, such as db/interactive.ts", () => {
    write("db/interactive.ts", "export const timeout = 1;\n");
    markBuilt();
    write("db/interactive.ts", "export const timeout = 2;\n");
    expect(isBuildCurrent(root)).toBe(false);
  });

  it("changes when a source's content changes, or a source is added, renamed or removed", () => {
    const before = computeBuildStamp(root);
    write("lib/rollouts/format.ts", "export const x = 2;\n");
    const edited = computeBuildStamp(root);
    expect(edited).not.toBe(before);
    write("components/new.tsx", "export {};\n");
    const added = computeBuildStamp(root);
    expect(added).not.toBe(edited);
    fs.renameSync(path.join(root, "components/new.tsx"), path.join(root, "components/renamed.tsx"));
    expect(computeBuildStamp(root)).not.toBe(added);
    fs.rmSync(path.join(root, "components/renamed.tsx"));
    expect(computeBuildStamp(root)).toBe(edited);
  });

  it("is not current without a build, or after a source changed since it", () => {
    expect(isBuildCurrent(root)).toBe(false);
    markBuilt();
    expect(isBuildCurrent(root)).toBe(true);
    write("app/page.tsx", "export default function Page() { return 1; }\n");
    expect(isBuildCurrent(root)).toBe(false);
  });
});
