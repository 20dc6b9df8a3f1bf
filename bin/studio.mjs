#!/usr/bin/env node
// The `studio` command. Runs lib/cli/main.ts through tsx with the react-server condition, so the
// lib modules that import "server-only" load here exactly as they do inside Next's server.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const result = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", join(root, "lib/cli/main.ts"), ...process.argv.slice(2)],
  { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
);
process.exit(result.status ?? 1);
