// `npm run bench`: benchmarks that print figures. `npm run bench -- import` runs one of them.
import { runCliBenchmark } from "./cli";
import { runImportBenchmark } from "./import";
import { runReportBenchmark } from "./report";
import { runSearchBenchmark } from "./search";
import { runViewerBenchmark } from "./viewer";

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  import: () => runImportBenchmark(),
  viewer: () => runViewerBenchmark(),
  search: () => runSearchBenchmark(),
  report: () => runReportBenchmark(),
  cli: () => runCliBenchmark(),
};

const selected = process.argv.slice(2);
for (const name of selected.length ? selected : Object.keys(BENCHMARKS)) {
  const run = BENCHMARKS[name];
  if (!run) {
    console.error(`Unknown benchmark "${name}". Choose from: ${Object.keys(BENCHMARKS).join(", ")}`);
    process.exit(2);
  }
  await run();
}
