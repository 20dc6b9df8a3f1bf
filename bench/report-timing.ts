// Child process of bench/report.ts: times the report against DATABASE_URL (set by the parent before
// lib/env loads) and prints one JSON line of timings in milliseconds.
import { performance } from "node:perf_hooks";

const [workspaceId, slug, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 15);
const { toReportJson } = await import("@/lib/reports/api-schemas");
const { getEnvironmentReport } = await import("@/lib/reports/queries");
const { getReportScope } = await import("@/lib/reports/scope");
const { listDifficultyGroups } = await import("@/lib/reports/difficulty-query");
const { listCriterionGroups, listVerdictGroups } = await import("@/lib/reports/robustness-query");
const { listCategoryCounts, listSpanExamples, listVerdictCounts } = await import(
  "@/lib/reports/failures-query"
);
const { getAuthoringFigures, getReviewFigures } = await import("@/lib/reports/scaling-query");
const { compareModels } = await import("@/lib/reports/queries");
const { getDatabase } = await import("@/db/client");

const ctx = {
  actor: { kind: "cli" as const },
  workspace: { id: workspaceId, slug: "bench", name: "Bench" },
  role: "owner" as const,
};
const scope = await getReportScope(ctx, slug);

const cases: Record<string, () => Promise<unknown>> = {
  "difficulty query": () => listDifficultyGroups(scope),
  "robustness: verdicts": () => listVerdictGroups(scope),
  "robustness: criteria": () => listCriterionGroups(scope),
  "failures: verdicts": () => listVerdictCounts(scope),
  "failures: categories": () => listCategoryCounts(scope),
  "failures: examples": () => listSpanExamples(scope),
  "scaling: authoring": () => getAuthoringFigures(scope),
  "scaling: review": () => getReviewFigures(scope),
  "getEnvironmentReport (all sections)": () => getEnvironmentReport({ ctx, slug }),
  "API equivalent (report + JSON body)": async () =>
    JSON.stringify(toReportJson(await getEnvironmentReport({ ctx, slug }))).length,
  "paired comparison": () => compareModels({ ctx, slug, input: { a: "model-a", b: "model-b" } }),
};

const results: Record<string, number[]> = {};
for (const [name, run] of Object.entries(cases)) {
  await run(); // warm-up: plans cached, connections open
  results[name] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    results[name].push(performance.now() - started);
  }
}
const body = JSON.stringify(toReportJson(await getEnvironmentReport({ ctx, slug })));
console.log(JSON.stringify({ results, bytes: body.length }));
await getDatabase().close();
