import { doublePrecision, integer, timestamp, uuid } from "drizzle-orm/pg-core";

// Columns every table carries (docs/conventions.md, Database).
export const id = () => uuid().primaryKey().defaultRandom();
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** What one model call cost: tokens both ways and dollars (judgments, model reviews, scans). */
export const modelUsage = {
  inputTokens: integer().notNull().default(0),
  outputTokens: integer().notNull().default(0),
  costUsd: doublePrecision().notNull().default(0),
};
