// `npm run bench -- cli`: how long `studio --help` takes, through the bundle (dist/cli/studio.mjs,
// built here first) and through the tsx fallback, median of several runs each.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildCli, CLI_BUNDLE } from "../scripts/build-cli";
import { median } from "./percentile";

const RUNS = 7;

function timeHelp(args: string[]): number {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-cli-"));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const env = { ...process.env, TSX_TSCONFIG_PATH: path.join(process.cwd(), "tsconfig.json") };
    const result = spawnSync(process.execPath, [...args, "--help"], { cwd, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`studio --help failed: ${result.stderr}`);
    times.push(performance.now() - started);
  }
  fs.rmSync(cwd, { recursive: true, force: true });
  return median(times);
}

export async function runCliBenchmark(): Promise<void> {
  const root = process.cwd();
  await buildCli(root);
  const bundled = timeHelp([path.join(root, "bin", "studio.mjs")]);
  const tsx = import.meta.resolve("tsx");
  const viaTsx = timeHelp([
    "--conditions=react-server",
    "--import",
    tsx,
    path.join(root, "lib/cli/entry.ts"),
  ]);
  console.log(`studio --help, median of ${RUNS} (load average ${os.loadavg()[0].toFixed(1)}):`);
  console.log(`  bundled (${CLI_BUNDLE}): ${bundled.toFixed(0)} ms`);
  console.log(`  through tsx:            ${viaTsx.toFixed(0)} ms`);
}
