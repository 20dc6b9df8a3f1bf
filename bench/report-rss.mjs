// Preloaded into a benchmarked child process: writes its peak resident memory (bytes) on exit.
import fs from "node:fs";

process.on("exit", () => {
  const file = process.env.BENCH_RSS_FILE;
  if (file) fs.writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
});
