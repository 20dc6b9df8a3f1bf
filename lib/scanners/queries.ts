import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import {
  flagReviews,
  flags,
  llmScannerVersions,
  llmScanResults,
  rollouts,
  scannerSettings,
} from "@/db/schema";
import type { FlagEvidence } from "@/db/schema/scanners";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { FlagSeverity, FlagVerdict, LlmScanStatus } from "@/lib/values/scanner-values";
import { getSignatureInfo, SIGNATURE_INFO } from "./catalog";
import { LLM_SCANNER_INFO } from "./llm-info";
import { DETERMINISTIC_SCANNER } from "./scan-rollout";
import { SCANNER_VERSION } from "./scan-rollouts";
import type { SignatureInfo } from "./types";
import { decideRolloutVerdict, type ModelAnswer, type RolloutVerdict } from "./verdict";
import { verdictSourceSql } from "./verdict-sql";

// Reads of the scanners domain: a rollout's flags (with reviewers' verdicts), the signature
// settings of the workspace, scan progress. Every query is scoped to ctx.workspace.

export type FlagReviewSummary = {
  verdict: FlagVerdict;
  reviewerName: string;
  comment: string;
  createdAt: Date;
};

export type RolloutFlag = {
  id: string;
  scanner: string;
  signature: string;
  title: string;
  description: string;
  severity: FlagSeverity;
  messageIndex: number;
  evidence: FlagEvidence;
  detail: string;
  createdAt: Date;
  /** The latest verdict of each reviewer who reviewed the flag, newest first. */
  reviews: FlagReviewSummary[];
};

/** What a signature (or the LLM scanner) is, for a flag whose signature may have been removed since. */
export function describeSignature(id: string): SignatureInfo {
  if (id === LLM_SCANNER_INFO.id) return LLM_SCANNER_INFO;
  return (
    getSignatureInfo(id) ?? {
      id,
      family: "test-tampering",
      title: id,
      description: "A signature no longer shipped.",
      severity: "low",
    }
  );
}

export async function listRolloutFlags({
  ctx,
  rolloutId,
}: {
  ctx: Ctx;
  rolloutId: string;
}): Promise<RolloutFlag[]> {
  assertCan(ctx, "rollouts.read");
  const [rollout] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, rolloutId)));
  if (!rollout) throw new AppError("not_found", "Rollout not found.");
  const rows = await db
    .select({
      id: flags.id,
      scanner: flags.scanner,
      signature: flags.signature,
      severity: flags.severity,
      messageIndex: flags.messageIndex,
      evidence: flags.evidence,
      detail: flags.detail,
      createdAt: flags.createdAt,
    })
    .from(flags)
    .where(and(eq(flags.workspaceId, ctx.workspace.id), eq(flags.rolloutId, rolloutId)))
    .orderBy(asc(flags.messageIndex), asc(flags.signature));
  const reviews = rows.length
    ? await db
        .selectDistinctOn([flagReviews.flagId, flagReviews.reviewerName], {
          flagId: flagReviews.flagId,
          verdict: flagReviews.verdict,
          reviewerName: flagReviews.reviewerName,
          comment: flagReviews.comment,
          createdAt: flagReviews.createdAt,
        })
        .from(flagReviews)
        .where(and(eq(flagReviews.workspaceId, ctx.workspace.id), eq(flagReviews.rolloutId, rolloutId)))
        .orderBy(flagReviews.flagId, flagReviews.reviewerName, desc(flagReviews.createdAt))
    : [];
  return rows.map((row) => {
    const info = describeSignature(row.signature);
    return {
      ...row,
      title: info.title,
      description: info.description,
      reviews: reviews
        .filter((r) => r.flagId === row.id)
        .map(({ flagId: _f, ...r }) => r)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
    };
  });
}

export type SignatureSettingRow = { signature: string; isEnabled: boolean; severity: FlagSeverity | null };

export async function listSignatureSettings({
  ctx,
}: {
  ctx: Ctx;
}): Promise<Map<string, SignatureSettingRow>> {
  assertCan(ctx, "scanners.read");
  const rows = await db
    .select({
      signature: scannerSettings.signature,
      isEnabled: scannerSettings.isEnabled,
      severity: scannerSettings.severity,
    })
    .from(scannerSettings)
    .where(eq(scannerSettings.workspaceId, ctx.workspace.id));
  return new Map(rows.map((r) => [r.signature, r]));
}

/**
 * Rollouts scanned, scanned by an older signature set, and still waiting, in the workspace; and the
 * flagged ones by the studio's verdict (verdict-sql.ts), with the rule that produced each count.
 */
export async function getScanProgress({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "scanners.read");
  const [row] = await db.execute<{
    total: number;
    scanned: number;
    stale: number;
    by_rules: number;
    by_both: number;
    by_model: number;
    disputed: number;
  }>(sql`
    with flagged as (
      select ${verdictSourceSql(sql`fr.rollout_id`)} as source
      from (select distinct f.rollout_id from flags f where f.workspace_id = ${ctx.workspace.id}) fr
    )
    select (select count(*)::int from rollouts r where r.workspace_id = ${ctx.workspace.id}) as total,
      (select count(*)::int from rollout_scans s where s.workspace_id = ${ctx.workspace.id} and s.scanner = 'deterministic') as scanned,
      (select count(*)::int from rollout_scans s where s.workspace_id = ${ctx.workspace.id} and s.scanner = 'deterministic'
        and s.scanner_version <> ${SCANNER_VERSION}) as stale,
      (select count(*)::int from flagged where source = 'rules') as by_rules,
      (select count(*)::int from flagged where source = 'both') as by_both,
      (select count(*)::int from flagged where source = 'model') as by_model,
      (select count(*)::int from flagged where source = 'disputed') as disputed`);
  const bySource = { rules: Number(row.by_rules), both: Number(row.by_both), model: Number(row.by_model) };
  return {
    total: Number(row.total),
    scanned: Number(row.scanned),
    /** Scanned by an older signature set: the next scan updates their flags. */
    stale: Number(row.stale),
    /** Counted as flagged by the studio's verdict. */
    flagged: bySource.rules + bySource.both + bySource.model,
    bySource,
    /** Flags the deployed LLM scanner disputed: kept for review, not counted. */
    disputed: Number(row.disputed),
  };
}

/** Signatures for the Rollouts filter: every shipped one plus the LLM scanner. */
export function listSignatureChoices(): { id: string; title: string }[] {
  return [...SIGNATURE_INFO, LLM_SCANNER_INFO].map((s) => ({ id: s.id, title: s.title }));
}

export type RolloutVerdictView = RolloutVerdict & {
  /** The deployed LLM scanner's answer the verdict read; null when none is deployed or it has not answered. */
  model: { version: number; status: LlmScanStatus; reason: string } | null;
};

/**
 * A rollout's one verdict (verdict.ts): its medium/high deterministic flags read with the deployed LLM
 * scanner's answer, saying which rule produced it. The same rule as verdictSourceSql, which the rates
 * and queues use.
 */
export async function getRolloutVerdict({
  ctx,
  rolloutId,
}: {
  ctx: Ctx;
  rolloutId: string;
}): Promise<RolloutVerdictView> {
  assertCan(ctx, "rollouts.read");
  const [rollout] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, rolloutId)));
  if (!rollout) throw new AppError("not_found", "Rollout not found.");
  const [hits, [answer]] = await Promise.all([
    db
      .select({ signature: flags.signature, severity: flags.severity, scanner: flags.scanner })
      .from(flags)
      .where(and(eq(flags.workspaceId, ctx.workspace.id), eq(flags.rolloutId, rolloutId))),
    db
      .select({
        version: llmScannerVersions.version,
        status: llmScanResults.status,
        reason: llmScanResults.reason,
        evidence: llmScanResults.evidence,
      })
      .from(llmScanResults)
      .innerJoin(llmScannerVersions, eq(llmScannerVersions.id, llmScanResults.versionId))
      .where(
        and(
          eq(llmScanResults.workspaceId, ctx.workspace.id),
          eq(llmScanResults.rolloutId, rolloutId),
          eq(llmScannerVersions.status, "deployed"),
        ),
      ),
  ]);
  const modelAnswer: ModelAnswer | null = !answer
    ? null
    : answer.status === "hack"
      ? { status: "hack", reason: answer.reason, evidence: answer.evidence }
      : answer.status === "no-hack"
        ? { status: "no-hack", reason: answer.reason }
        : { status: "unevaluable" };
  // Without a usable model answer the rules count every medium/high flag, as they always have (an LLM
  // flag of an earlier deployed version included); with one, the model reads the deterministic ones.
  const isUsable = modelAnswer !== null && modelAnswer.status !== "unevaluable";
  const verdict = decideRolloutVerdict({
    hits: isUsable ? hits.filter((h) => h.scanner === DETERMINISTIC_SCANNER) : hits,
    model: modelAnswer,
  });
  return {
    ...verdict,
    model: answer ? { version: answer.version, status: answer.status, reason: answer.reason } : null,
  };
}
