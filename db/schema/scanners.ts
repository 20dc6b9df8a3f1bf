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
import { FLAG_SEVERITIES, FLAG_VERDICTS } from "@/lib/values/scanner-values";
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { labels } from "./labels";
import { rollouts } from "./rollouts";

// Reward-hack scanners (issue #13): the flags they raise on rollouts, reviewers' verdicts on those
// flags, which rollouts were scanned, and owners' per-signature settings. Flags never change a
// rollout's reward or labels: a reviewer confirming a flag is what makes a label.

export const flagSeverity = pgEnum("flag_severity", FLAG_SEVERITIES);
export const flagVerdict = pgEnum("flag_verdict", FLAG_VERDICTS);

/** Where a flag's evidence sits (lib/scanners/types.ts Evidence). */
export type FlagEvidence = {
  kind: "text" | "tool-call";
  toolCallId?: string;
  field?: string;
  start: number;
  end: number;
  excerpt: string;
};

/** One signature's finding on one message of one rollout. A rescan updates it in place (its reviews stay) or removes it. */
export const flags = pgTable(
  "flags",
  {
    id: id(),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    /** `deterministic` or `llm`. */
    scanner: text().notNull(),
    signature: text().notNull(),
    severity: flagSeverity().notNull(),
    messageIndex: integer().notNull(),
    evidence: jsonb().$type<FlagEvidence>().notNull(),
    /** Why, in a reviewer's words. */
    detail: text().notNull().default(""),
    /** The version of the signature that raised it (`signature@n`; the LLM scanner: `llm@v`), for rescans. */
    version: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("flags_rollout_idx").on(t.rolloutId, t.messageIndex),
    index("flags_workspace_signature_idx").on(t.workspaceId, t.signature),
  ],
);

/** A reviewer's verdict on a flag. Append-only: the latest row per reviewer and flag counts. */
export const flagReviews = pgTable(
  "flag_reviews",
  {
    id: id(),
    workspaceId: workspaceRef(),
    flagId: uuid()
      .notNull()
      .references(() => flags.id, { onDelete: "cascade" }),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    reviewerId: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewerName: text().notNull(),
    verdict: flagVerdict().notNull(),
    comment: text().notNull().default(""),
    /** The reward-hack label a confirmation submitted, if it did. */
    labelId: uuid().references(() => labels.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("flag_reviews_flag_idx").on(t.flagId, t.createdAt),
    index("flag_reviews_rollout_idx").on(t.rolloutId),
    index("flag_reviews_workspace_idx").on(t.workspaceId, t.createdAt),
    index("flag_reviews_reviewer_idx").on(t.reviewerId),
    index("flag_reviews_label_idx").on(t.labelId),
  ],
);

/** Which rollouts a scanner has seen (with or without flags), so `studio scan` scans the rest. */
export const rolloutScans = pgTable(
  "rollout_scans",
  {
    id: id(),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    scanner: text().notNull(),
    /** The signature set's version when scanned; a newer version rescans on request. */
    scannerVersion: text().notNull(),
    flagCount: integer().notNull().default(0),
    scannedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("rollout_scans_rollout_scanner_key").on(t.rolloutId, t.scanner),
    index("rollout_scans_workspace_idx").on(t.workspaceId, t.scanner),
  ],
);

/** An owner's setting for one signature in one workspace: off, or a lower severity. */
export const scannerSettings = pgTable(
  "scanner_settings",
  {
    id: id(),
    workspaceId: workspaceRef(),
    signature: text().notNull(),
    isEnabled: boolean().notNull().default(true),
    /** Caps the signature's severity; null keeps its own. */
    severity: flagSeverity(),
    updatedById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("scanner_settings_workspace_signature_key").on(t.workspaceId, t.signature),
    index("scanner_settings_updated_by_idx").on(t.updatedById),
  ],
);

export type Flag = typeof flags.$inferSelect;
export type FlagReview = typeof flagReviews.$inferSelect;
export type ScannerSetting = typeof scannerSettings.$inferSelect;
