import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { id, timestamps } from "./columns";
import { QUEUE_SAMPLINGS } from "./review-values";
import { rollouts } from "./rollouts";

// Review queues (issue #5): a rollout filter sampled into items, handed to reviewers one at a time.

export const queueSampling = pgEnum("queue_sampling", QUEUE_SAMPLINGS);

export const reviewQueues = pgTable(
  "review_queues",
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text().notNull(),
    description: text().notNull().default(""),
    /** The rollout filter (the Rollouts list's query fields) the items were drawn from. */
    filter: jsonb().$type<Record<string, string>>().notNull().default({}),
    sampling: queueSampling().notNull().default("all"),
    /** random-audit only: the share of matching rollouts sampled, 1–100. */
    samplePercent: integer(),
    /** Reviewers per item (k). */
    overlap: integer().notNull().default(1),
    /** A reviewer sees no one else's label on an item until submitting their own. */
    isBlind: boolean().notNull().default(true),
    /** Salt of the audit sample's hash, so each queue samples its own rollouts reproducibly. */
    seed: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    itemsSyncedAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("review_queues_workspace_idx").on(t.workspaceId, t.createdAt),
    index("review_queues_created_by_idx").on(t.createdById),
    check("review_queues_overlap_check", sql`${t.overlap} between 1 and 10`),
    check(
      "review_queues_sample_percent_check",
      sql`${t.samplePercent} is null or ${t.samplePercent} between 1 and 100`,
    ),
  ],
);

/** Who may take items from a queue; a queue without rows here is open to every reviewing member. */
export const queueReviewers = pgTable(
  "queue_reviewers",
  {
    id: id(),
    queueId: uuid()
      .notNull()
      .references(() => reviewQueues.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("queue_reviewers_queue_user_key").on(t.queueId, t.userId),
    index("queue_reviewers_user_idx").on(t.userId),
  ],
);

export const queueItems = pgTable(
  "queue_items",
  {
    id: id(),
    queueId: uuid()
      .notNull()
      .references(() => reviewQueues.id, { onDelete: "cascade" }),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    /** The sampling's static order (reward, audit hash or recency); dynamic strategies sort on top of it. */
    position: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("queue_items_queue_rollout_key").on(t.queueId, t.rolloutId),
    index("queue_items_queue_position_idx").on(t.queueId, t.position),
    index("queue_items_workspace_idx").on(t.workspaceId),
    index("queue_items_rollout_idx").on(t.rolloutId),
  ],
);

/**
 * A reviewer's hold on an item: a reservation until `expiresAt`, done once `completedAt` is set.
 * An item counts an assignment against its overlap while it is completed or unexpired.
 */
export const queueAssignments = pgTable(
  "queue_assignments",
  {
    id: id(),
    queueId: uuid()
      .notNull()
      .references(() => reviewQueues.id, { onDelete: "cascade" }),
    itemId: uuid()
      .notNull()
      .references(() => queueItems.id, { onDelete: "cascade" }),
    workspaceId: workspaceRef(),
    reviewerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reservedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("queue_assignments_item_reviewer_key").on(t.itemId, t.reviewerId),
    index("queue_assignments_queue_reviewer_idx").on(t.queueId, t.reviewerId, t.reservedAt),
    index("queue_assignments_reviewer_idx").on(t.reviewerId),
    index("queue_assignments_workspace_idx").on(t.workspaceId),
  ],
);

export type ReviewQueue = typeof reviewQueues.$inferSelect;
export type QueueItem = typeof queueItems.$inferSelect;
export type QueueAssignment = typeof queueAssignments.$inferSelect;
