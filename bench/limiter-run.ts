// Child process of bench/judge.ts (DATABASE_URL points at the benchmark database): one worker
// sending N stand-in requests (each a fixed sleep) through the shared provider limiter, as many at
// once as the limit allows, from a given start time. Prints each request's start and end (ms).
import { withProviderLimit } from "@/lib/jobs/provider-limit";

const [count, latencyMs, concurrency, startAt] = process.argv.slice(2).map(Number);
const key = process.argv[6];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await sleep(Math.max(0, startAt - Date.now()));
const spans: [number, number][] = [];
let next = 0;
const worker = async () => {
  while (next < count) {
    next += 1;
    await withProviderLimit(key, { concurrency }, async () => {
      const began = Date.now();
      await sleep(latencyMs);
      spans.push([began, Date.now()]);
    });
  }
};
await Promise.all(Array.from({ length: concurrency * 2 }, worker));
console.log(JSON.stringify({ spans }));
process.exit(0);
