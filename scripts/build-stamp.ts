import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// A fingerprint of everything `next build` reads, so `npm start` rebuilds only when it changed.
const INPUTS = ["app", "components", "lib", "db/schema", "db/client.ts", "db/embedded", "public"];
const FILES = ["next.config.ts", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
}

export function computeBuildStamp(root: string): string {
  const files: string[] = [];
  for (const input of INPUTS) {
    const full = path.join(root, input);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) files.push(full);
    else walk(full, files);
  }
  for (const file of FILES) if (fs.existsSync(path.join(root, file))) files.push(path.join(root, file));
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const stat = fs.statSync(file);
    hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

export const BUILD_STAMP_FILE = path.join(".next", "studio-build-stamp");
