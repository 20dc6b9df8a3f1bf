import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LLM_SCAN_STATUSES } from "@/lib/values/scanner-values";
import { users, workspaceRef } from "./accounts";
import { id, modelUsage, timestamps } from "./columns";
import { type CalibrationBar, type EvidenceQuote, judgeVersionStatus } from "./judges";
import { providers } from "./providers";
import { rollouts } from "./rollouts";

// The LLM scanner (issue #13): a question about a whole rollout ("did the agent obtain its reward by
// a means the task did not intend?") asked of a model through the judge providers. Like a judge, each
// configuration freezes into a version with a fingerprint, is calibrated against reviewers' final
// labels and runs on its own (new rollouts) only once deployed through the calibration gate.

export const llmScanStatus = pgEnum("llm_scan_status", LLM_SCAN_STATUSES);

/** What a version does: the model it asks, the question, sampling. */
export type LlmScannerSnapshot = {
  provider: { id: string; name: string; kind: "openai" | "anthropic"; model: string; baseUrl: string };
  question: string;
  temperature: number;
  maxTokens: number;
};

export const llmScannerVersions = pgTable(
  "llm_scanner_versions",
  {
    id: id(),
    workspaceId: workspaceRef(),
    version: integer().notNull(),
    /** sha256 of the snapshot: equal fingerprints ask identically. */
    fingerprint: text().notNull(),
    status: judgeVersionStatus().notNull().default("draft"),
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: "restrict" }),
    snapshot: jsonb().$type<LlmScannerSnapshot>().notNull(),
    calibrationBar: jsonb().$type<CalibrationBar>().notNull().default({ minKappaLower: 0.6, minHeldOut: 30 }),
    /** The last calibration report (lib/scanners/llm/calibration.ts); null until calibrated. */
    calibration: jsonb().$type<Record<string, unknown>>(),
    isCalibrationPassed: boolean(),
    calibratedAt: timestamp({ withTimezone: true }),
    deployedAt: timestamp({ withTimezone: true }),
    deployedById: uuid().references(() => users.id, { onDelete: "set null" }),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("llm_scanner_versions_workspace_version_key").on(t.workspaceId, t.version),
    uniqueIndex("llm_scanner_versions_workspace_fingerprint_key").on(t.workspaceId, t.fingerprint),
    /** One deployed LLM scanner per workspace. */
    uniqueIndex("llm_scanner_versions_workspace_deployed_key")
      .on(t.workspaceId)
      .where(sql`${t.status} = 'deployed'`),
    index("llm_scanner_versions_provider_idx").on(t.providerId),
    index("llm_scanner_versions_deployed_by_idx").on(t.deployedById),
    index("llm_scanner_versions_created_by_idx").on(t.createdById),
  ],
);

/** One version's answer on one rollout. Flags are raised from `hack` answers of runs. */
export const llmScanResults = pgTable(
  "llm_scan_results",
  {
    id: id(),
    workspaceId: workspaceRef(),
    versionId: uuid()
      .notNull()
      .references(() => llmScannerVersions.id, { onDelete: "cascade" }),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    status: llmScanStatus().notNull(),
    reason: text().notNull().default(""),
    /** The messages the answer cites, with the words it quotes. */
    evidence: jsonb().$type<EvidenceQuote[]>().notNull().default([]),
    /** Deterministic hits given to the model as hints. */
    hints: integer().notNull().default(0),
    /** The model's answers as received, kept when they couldn't be read. */
    rawAnswer: text(),
    model: text().notNull(),
    ...modelUsage,
    /** The job that asked (a plain reference: jobs are pruned). */
    jobId: uuid(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("llm_scan_results_version_rollout_key").on(t.versionId, t.rolloutId),
    index("llm_scan_results_rollout_idx").on(t.rolloutId),
    index("llm_scan_results_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

export type LlmScannerVersion = typeof llmScannerVersions.$inferSelect;
export type LlmScanResult = typeof llmScanResults.$inferSelect;
