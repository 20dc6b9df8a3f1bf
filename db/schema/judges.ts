import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
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
import { users, workspaceRef } from "./accounts";
import { id, modelUsage, timestamps } from "./columns";
import { environments } from "./environments";
import { providers } from "./providers";
import { rollouts } from "./rollouts";

// LLM judges (issue #12). A judge belongs to an environment; each change of what it would do (rubric,
// providers, sampling, template) freezes into an immutable judge version with a fingerprint. Judgments
// are append-only, one per rollout × criterion × judge version, and never touch human labels.

export const JUDGE_VERSION_STATUSES = ["draft", "deployed", "retired"] as const;
export const judgeVersionStatus = pgEnum("judge_version_status", JUDGE_VERSION_STATUSES);
export const JUDGMENT_STATUSES = ["scored", "unevaluable"] as const;
export const judgmentStatus = pgEnum("judgment_status", JUDGMENT_STATUSES);

/** The owner's calibration bar: the held-out kappa's lower 95% bound and the held-out n it needs. */
export type CalibrationBar = { minKappaLower: number; minHeldOut: number };

export const judges = pgTable(
  "judges",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The first panel member; `panelProviderIds` holds the others (empty: a single judge). */
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: "restrict" }),
    panelProviderIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** Criterion keys to judge; null: every criterion of each task's rubric. */
    criteriaKeys: text().array(),
    /** The judge's instructions; a task rubric's own judge template takes precedence for its task. */
    template: text().notNull(),
    temperature: doublePrecision().notNull().default(0),
    maxTokens: integer().notNull().default(2_048),
    calibrationBar: jsonb().$type<CalibrationBar>().notNull().default({ minKappaLower: 0.6, minHeldOut: 30 }),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("judges_environment_name_key").on(t.environmentId, t.name),
    index("judges_workspace_idx").on(t.workspaceId),
    index("judges_provider_idx").on(t.providerId),
    index("judges_created_by_idx").on(t.createdById),
  ],
);

export const judgeVersions = pgTable(
  "judge_versions",
  {
    id: id(),
    workspaceId: workspaceRef(),
    judgeId: uuid()
      .notNull()
      .references(() => judges.id, { onDelete: "cascade" }),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    /** sha256 of the snapshot and the hidden material: equal fingerprints judge identically. */
    fingerprint: text().notNull(),
    status: judgeVersionStatus().notNull().default("draft"),
    /** What the judge does: template, providers and models, sampling, criteria per task (lib/judges/snapshot.ts). */
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Task prompts and answer keys the prompts quote; read only by the judging code, never sent out. */
    hidden: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The last calibration report (lib/judges/calibration.ts); null until calibrated. */
    calibration: jsonb().$type<Record<string, unknown>>(),
    isCalibrationPassed: boolean(),
    calibratedAt: timestamp({ withTimezone: true }),
    deployedAt: timestamp({ withTimezone: true }),
    deployedById: uuid().references(() => users.id, { onDelete: "set null" }),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("judge_versions_judge_version_key").on(t.judgeId, t.version),
    uniqueIndex("judge_versions_judge_fingerprint_key").on(t.judgeId, t.fingerprint),
    /** One deployed judge per environment. */
    uniqueIndex("judge_versions_environment_deployed_key")
      .on(t.environmentId)
      .where(sql`${t.status} = 'deployed'`),
    index("judge_versions_workspace_idx").on(t.workspaceId),
    index("judge_versions_deployed_by_idx").on(t.deployedById),
    index("judge_versions_created_by_idx").on(t.createdById),
  ],
);

export type EvidenceQuote = { message: number; quote: string };
export type PanelVote = {
  provider: string;
  model: string;
  status: "scored" | "unevaluable";
  score: number | null;
};

export const judgments = pgTable(
  "judgments",
  {
    id: id(),
    workspaceId: workspaceRef(),
    judgeVersionId: uuid()
      .notNull()
      .references(() => judgeVersions.id, { onDelete: "cascade" }),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    criterionKey: text().notNull(),
    status: judgmentStatus().notNull(),
    /** On the criterion's scale (binary: 1 met, 0 not met); null when unevaluable. */
    score: doublePrecision(),
    /** `met` / `not-met` for binary criteria; null for scales and unevaluable answers. */
    verdict: text(),
    reason: text().notNull().default(""),
    evidence: jsonb().$type<EvidenceQuote[]>().notNull().default([]),
    /** The model's answer as received, kept when it couldn't be read. */
    rawAnswer: text(),
    /** The model, or the panel's models joined. */
    model: text().notNull(),
    ...modelUsage,
    /** Panels: each member's vote; the share of members off the majority (or off the mean's rounding). */
    panel: jsonb().$type<PanelVote[]>(),
    disagreement: doublePrecision(),
    /** The job that judged it, if any (a plain reference: jobs are pruned). */
    jobId: uuid(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("judgments_version_rollout_criterion_key").on(t.judgeVersionId, t.rolloutId, t.criterionKey),
    index("judgments_rollout_idx").on(t.rolloutId),
    /** A judging job's tokens and cost so far (the job's progress). */
    index("judgments_job_idx").on(t.jobId),
    index("judgments_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

export type Judge = typeof judges.$inferSelect;
export type JudgeVersion = typeof judgeVersions.$inferSelect;
export type Judgment = typeof judgments.$inferSelect;
