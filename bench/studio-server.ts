import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BUILD_STAMP_FILE, computeBuildStamp } from "../scripts/build-stamp";

// Benchmarks that go through HTTP run the production build (`next start`) on their own database.

const root = process.cwd();
const nextBin = path.join(root, "node_modules", ".bin", "next");

/** Builds like `npm start` does: only when the sources changed since the last build. */
export function buildIfNeeded(): void {
  const stamp = computeBuildStamp(root);
  const previous = fs.existsSync(BUILD_STAMP_FILE) ? fs.readFileSync(BUILD_STAMP_FILE, "utf8") : "";
  if (previous === stamp && fs.existsSync(path.join(".next", "BUILD_ID"))) return;
  console.log("Building the studio for the benchmark…");
  const result = spawnSync(nextBin, ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  fs.writeFileSync(BUILD_STAMP_FILE, stamp);
}

/** Runs the studio CLI against a database; returns the last line it printed. */
export function runStudioCli(databaseUrl: string, args: string[]): string {
  const result = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts", ...args],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`studio ${args[0]} failed: ${result.stderr}`);
  return result.stdout.trim().split("\n").pop() ?? "";
}

export type StudioServer = { baseUrl: string; pid: number | undefined; stop: () => Promise<void> };

export async function startStudioServer({
  databaseUrl,
  port,
}: {
  databaseUrl: string;
  port: number;
}): Promise<StudioServer> {
  buildIfNeeded();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" runs the server under those Node
  // options (profiles it alone; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const startArgs = ["start", "-H", "127.0.0.1", "-p", String(port)];
  const [command, args] = nodeArgs.length
    ? [
        process.execPath,
        [...nodeArgs, path.join(root, "node_modules", "next", "dist", "bin", "next"), ...startArgs],
      ]
    : [nextBin, startArgs];
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      NO_DEMO: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the studio did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
