import { z } from "zod";
import { findBestModel, toBuyerReport, type Wilson } from "./buyer-report";

// Catalog cards, one per published environment, from the few parts of its live version the list
// query reads (never the tasks' content or the samples), and the catalog's search and filters.

export type CatalogCard = {
  slug: string;
  name: string;
  description: string;
  domain: string;
  tags: string[];
  version: number;
  publishedAt: string;
  taskCount: number;
  /** Tasks per author rating (easy … expert, unrated). */
  difficulties: Record<string, number>;
  /** Task × model items per band (saturated, learnable, no-signal, insufficient). */
  bands: Record<string, number>;
  bestModel: { model: string; passAt1: number; tasks: number } | null;
  /** Share of rewarded rollouts that reviewers labelled reward hacks. */
  hackRate: Wilson | null;
  samples: number;
};

export type CardSource = {
  environment: { slug: string; name: string; description: string; domain: string; tags: string[] };
  version: number;
  publishedAt: Date;
  difficulties: (string | null)[];
  samples: number;
  report: Record<string, unknown> | null;
};

export function toCatalogCard(source: CardSource): CatalogCard {
  const report = toBuyerReport(source.report);
  const difficulties: Record<string, number> = {};
  for (const d of source.difficulties) difficulties[d ?? "unrated"] = (difficulties[d ?? "unrated"] ?? 0) + 1;
  const hackRate = report.robustness?.hackRateAmongRewarded ?? null;
  return {
    ...source.environment,
    version: source.version,
    publishedAt: source.publishedAt.toISOString(),
    taskCount: source.difficulties.length,
    difficulties,
    bands: report.difficulty?.bands ?? {},
    bestModel: findBestModel(report),
    hackRate: hackRate && hackRate.n > 0 ? hackRate : null,
    samples: source.samples,
  };
}

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const catalogQueryInput = z.object({
  q: z
    .preprocess(blank, z.string().trim().max(200).optional())
    .describe("Words to find in the name, description, domain or tags"),
  domain: z.preprocess(blank, z.string().trim().max(100).optional()).describe("Only this domain"),
  difficulty: z
    .preprocess(blank, z.enum(["easy", "medium", "hard", "expert"]).optional())
    .describe("Only environments with tasks rated this difficulty"),
  band: z
    .preprocess(blank, z.enum(["saturated", "learnable", "no-signal"]).optional())
    .describe("Only environments with task × model items in this band"),
});
export type CatalogQueryInput = z.input<typeof catalogQueryInput>;
export type CatalogQuery = z.output<typeof catalogQueryInput>;

export function filterCatalog(cards: CatalogCard[], query: CatalogQuery): CatalogCard[] {
  const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return cards.filter((card) => {
    const haystack = [card.name, card.slug, card.description, card.domain, ...card.tags]
      .join(" ")
      .toLowerCase();
    if (!words.every((w) => haystack.includes(w))) return false;
    if (query.domain && card.domain.toLowerCase() !== query.domain.toLowerCase()) return false;
    if (query.difficulty && !card.difficulties[query.difficulty]) return false;
    if (query.band && !card.bands[query.band]) return false;
    return true;
  });
}
