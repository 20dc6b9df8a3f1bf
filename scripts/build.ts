// `npm run build`, and the build step of `npm start` and `npm test`: the Next app, then the bundled
// `studio` command (scripts/build-cli.ts), then the stamp of the sources it was built from, so the
// next `npm start` knows the build is current (whichever of the three made it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildCli } from "./build-cli";
import { BUILD_STAMP_FILE, computeBuildStamp } from "./build-stamp";

export async function buildStudio(root = process.cwd()): Promise<boolean> {
  const stamp = computeBuildStamp(root);
  const next = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (next.status !== 0) return false;
  await buildCli(root);
  fs.writeFileSync(path.join(root, BUILD_STAMP_FILE), stamp);
  return true;
}

/** Whether the last build was made from the sources as they are now. */
export function isBuildCurrent(root = process.cwd()): boolean {
  const file = path.join(root, BUILD_STAMP_FILE);
  return (
    fs.existsSync(file) &&
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
    fs.readFileSync(file, "utf8") === computeBuildStamp(root)
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await buildStudio()) ? 0 : 1);
}
