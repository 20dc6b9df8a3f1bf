import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { parseInput } from "@/lib/validation";
import { buildComparison, type Comparison } from "./compare";
import { listPairedCounts, listReportModels, type ModelCount } from "./compare-query";
import { getCostRates } from "./cost-rates";
import { buildDifficultySection, type DifficultySection } from "./difficulty";
import { listDifficultyGroups, type RolloutCounts } from "./difficulty-query";
import { buildFailuresSection, type FailuresSection } from "./failures";
import { listCategoryCounts, listSpanExamples, listVerdictCounts } from "./failures-query";
import { getHackRate, type HackRateSection } from "./hack-rate-query";
import { PASS_RULE_TEXT } from "./pass-rule";
import { buildRobustnessSection, type RobustnessSection } from "./robustness";
import { listCriterionGroups, listVerdictGroups } from "./robustness-query";
import { buildScalingSection, type ScalingSection } from "./scaling";
import { getAuthoringFigures, getReviewFigures } from "./scaling-query";
import {
  type CompareQueryInput,
  compareQueryInput,
  PASS_AT_K_CAP,
  type ReportQueryInput,
  reportQueryInput,
} from "./schemas";
import { getReportScope } from "./scope";

// The environment report: every section's grouped queries run at once, then small JavaScript
// assembly. The API route and the page both call getEnvironmentReport, so they show the same figures.

export type EnvironmentReport = {
  environment: { slug: string; name: string };
  generatedAt: Date;
  passRule: string;
  /** The k of every `gap` (pass@k − pass@1). */
  k: number;
  passAtKCap: number;
  counts: RolloutCounts;
  difficulty: DifficultySection;
  robustness: RobustnessSection;
  hackRate: HackRateSection;
  failures: FailuresSection;
  scaling: ScalingSection;
};

export async function getEnvironmentReport({
  ctx,
  slug,
  input = {},
}: {
  ctx: Ctx;
  slug: string;
  input?: ReportQueryInput;
}): Promise<EnvironmentReport> {
  const { k } = parseInput(reportQueryInput, input);
  const scope = await getReportScope(ctx, slug);
  const [
    { groups, counts },
    verdictGroups,
    criterionGroups,
    verdicts,
    categories,
    examples,
    authoring,
    review,
    rates,
    hackRate,
  ] = await Promise.all([
    listDifficultyGroups(scope),
    listVerdictGroups(scope),
    listCriterionGroups(scope),
    listVerdictCounts(scope),
    listCategoryCounts(scope),
    listSpanExamples(scope),
    getAuthoringFigures(scope),
    getReviewFigures(scope),
    getCostRates(scope),
    getHackRate(scope),
  ]);
  const difficulty = buildDifficultySection(groups, k);
  return {
    environment: { slug: scope.slug, name: scope.name },
    generatedAt: new Date(),
    passRule: PASS_RULE_TEXT,
    k,
    passAtKCap: PASS_AT_K_CAP,
    counts,
    difficulty,
    robustness: buildRobustnessSection(verdictGroups, criterionGroups),
    hackRate,
    failures: buildFailuresSection({ difficulty, verdicts, categories, examples }),
    scaling: buildScalingSection({ tasks: counts.tasks, authoring, review, rates }),
  };
}

export async function compareModels({
  ctx,
  slug,
  input,
}: {
  ctx: Ctx;
  slug: string;
  input: CompareQueryInput;
}): Promise<Comparison> {
  const { a, b } = parseInput(compareQueryInput, input);
  const scope = await getReportScope(ctx, slug);
  return buildComparison({ a, b, rows: await listPairedCounts(scope, { a, b }) });
}

export async function listEnvironmentModels({
  ctx,
  slug,
}: {
  ctx: Ctx;
  slug: string;
}): Promise<ModelCount[]> {
  return listReportModels(await getReportScope(ctx, slug));
}
