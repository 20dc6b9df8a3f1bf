// Preloaded into a benchmarked child process: writes its peak resident memory (bytes) and its CPU
// time (user + system seconds) as JSON on exit.
import fs from "node:fs";

process.on("exit", () => {
  const file = process.env.BENCH_USAGE_FILE;
  if (!file) return;
  const usage = process.resourceUsage();
  const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  fs.writeFileSync(file, JSON.stringify({ maxRssBytes: usage.maxRSS * 1024, cpuSeconds }));
});
