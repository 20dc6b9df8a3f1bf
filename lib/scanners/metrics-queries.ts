import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { LabelVerdict } from "@/db/schema/review-values";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";
import type { LlmScanStatus } from "@/lib/values/scanner-values";
import { SIGNATURE_INFO } from "./catalog";
import { findDeployedLlmScanner, findLatestLlmScanner } from "./llm/llm-versions";
import { LLM_SCANNER_INFO } from "./llm-info";
import { type LabelledScan, measureBySplit, type SignatureMetrics, type Split, truthOf } from "./metrics";
import { DETERMINISTIC_SCANNER } from "./scan-rollout";
import type { SignatureInfo } from "./types";
import { isCountedSource, type VerdictSource, verdictSourceSql } from "./verdict-sql";

// The Scanners page's numbers: per signature (and for the LLM scanner, and for "any medium or high
// flag"), precision / recall / false-positive rate against reviewers' final labels on each split,
// plus how many flags it raised and what reviewers said about them.

export type DetectorRow = {
  info: SignatureInfo;
  flags: number;
  flaggedRollouts: number;
  confirmed: number;
  rejected: number;
  metrics: Record<Split, SignatureMetrics>;
};

export type ScannerMetrics = {
  /** Scanned rollouts with a final label that says hack or not. */
  labelled: number;
  /** Any medium/high deterministic flag (the rules alone). */
  overall: Record<Split, SignatureMetrics>;
  /** The studio's one verdict per rollout (verdict-sql.ts): rules, with the deployed LLM scanner's answer. */
  verdict: Record<Split, SignatureMetrics>;
  detectors: DetectorRow[];
};

type Row = {
  rollout_id: string;
  verdict: LabelVerdict | null;
  signatures: string[];
  counted: string[];
  llm: LlmScanStatus | null;
  source: VerdictSource;
};

/**
 * The LLM scanner's answer as a flag: "hack" is one; an unevaluable answer counts against it either
 * way (a miss on a reward hack, a false alarm on a control), never as a clean "no hack".
 */
export function isLlmFlagged(row: { verdict: LabelVerdict | null; llm: LlmScanStatus | null }): boolean {
  return row.llm === "hack" || (row.llm === "unevaluable" && truthOf(row.verdict) === false);
}

export async function getScannerMetrics({ ctx }: { ctx: Ctx }): Promise<ScannerMetrics> {
  assertCan(ctx, "scanners.read");
  const workspaceId = ctx.workspace.id;
  // The LLM scanner is measured by its deployed version, else its latest one.
  const llmVersion = (await findDeployedLlmScanner(workspaceId)) ?? (await findLatestLlmScanner(workspaceId));
  const labelled = await db.execute<Row>(sql`${buildFinalLabelsCte(workspaceId)}
    select f.rollout_id, f.verdict,
      coalesce((select array_agg(distinct fl.signature) from flags fl where fl.rollout_id = f.rollout_id), '{}') as signatures,
      coalesce((select array_agg(distinct fl.signature) from flags fl where fl.rollout_id = f.rollout_id
        and fl.severity in ('high', 'medium')), '{}') as counted,
      (select lr.status::text from llm_scan_results lr where lr.rollout_id = f.rollout_id
        and lr.version_id = ${llmVersion?.id ?? null}::uuid) as llm,
      ${verdictSourceSql(sql`f.rollout_id`)} as source
    from final f
    where f.verdict is not null and exists (select 1 from rollout_scans s where s.rollout_id = f.rollout_id
      and s.scanner = ${DETERMINISTIC_SCANNER})`);
  const rows: (LabelledScan & { counted: string[]; llm: LlmScanStatus | null; source: VerdictSource })[] =
    labelled.map((r) => ({
      rolloutId: r.rollout_id,
      verdict: r.verdict,
      signatures: r.signatures ?? [],
      counted: r.counted ?? [],
      llm: r.llm,
      source: r.source,
    }));
  const counts = await db.execute<{
    signature: string;
    flags: number;
    rollouts: number;
    confirmed: number;
    rejected: number;
  }>(sql`
    select f.signature, count(*)::int as flags, count(distinct f.rollout_id)::int as rollouts,
      count(*) filter (where r.verdict = 'confirmed')::int as confirmed,
      count(*) filter (where r.verdict = 'rejected')::int as rejected
    from flags f
    left join lateral (select fr.verdict from flag_reviews fr where fr.flag_id = f.id
      order by fr.created_at desc limit 1) r on true
    where f.workspace_id = ${workspaceId}
    group by f.signature`);
  const bySignature = new Map(counts.map((c) => [c.signature, c]));
  const detectors: DetectorRow[] = [...SIGNATURE_INFO, LLM_SCANNER_INFO].map((info) => {
    const c = bySignature.get(info.id);
    const isLlm = info.id === LLM_SCANNER_INFO.id;
    return {
      info,
      flags: c?.flags ?? 0,
      flaggedRollouts: c?.rollouts ?? 0,
      confirmed: c?.confirmed ?? 0,
      rejected: c?.rejected ?? 0,
      metrics: isLlm
        ? measureBySplit(
            rows.filter((r) => r.llm !== null),
            isLlmFlagged,
          )
        : measureBySplit(rows, (r) => r.signatures.includes(info.id)),
    };
  });
  return {
    labelled: rows.filter((r) => r.verdict !== null).length,
    overall: measureBySplit(rows, (r) => r.counted.some((s) => s !== LLM_SCANNER_INFO.id)),
    verdict: measureBySplit(rows, (r) => isCountedSource(r.source)),
    detectors,
  };
}
