#!/usr/bin/env node
// The `studio` command. Runs the bundle that `npm run build` / `npm start` make (dist/cli/studio.mjs,
// scripts/build-cli.ts) while it is newer than every source file it was built from; otherwise runs
// lib/cli/entry.ts through tsx with the react-server condition, as the bundle was built.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "dist", "cli", "studio.mjs");
const SOURCES = ["lib", "db", "package-lock.json", "tsconfig.json"];

/** The newest modification time under the given paths (tests excluded), stopping early past `limit`. */
function isNewerThanSources(limit) {
  const stack = SOURCES.map((p) => join(root, p));
  while (stack.length > 0) {
    const current = stack.pop();
    let stat;
    try {
      stat = fs.statSync(current);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(current)) stack.push(join(current, name));
    } else if (stat.mtimeMs > limit && !/\.test\.tsx?$/.test(current)) {
      return false;
    }
  }
  return true;
}

function isBundleFresh() {
  try {
    return isNewerThanSources(fs.statSync(bundle).mtimeMs);
  } catch {
    return false;
  }
}

process.env.NEXT_TELEMETRY_DISABLED = "1";
if (isBundleFresh()) {
  await import(pathToFileURL(bundle).href);
} else {
  const result = spawnSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      join(root, "lib/cli/entry.ts"),
      ...process.argv.slice(2),
    ],
    { stdio: "inherit", env: { ...process.env, TSX_TSCONFIG_PATH: join(root, "tsconfig.json") } },
  );
  process.exit(result.status ?? 1);
}
