import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { environments } from "./environments";
import { jobs } from "./jobs";
import { rollouts } from "./rollouts";

// Grader attacks (lib/grader-attacks): one row per attack answer graded in an attack run (an `attack`
// job), per task and export format. The unique key makes a redelivered job store each attack once
// and skip the ones already graded.

export const graderAttacks = pgTable(
  "grader_attacks",
  {
    id: id(),
    workspaceId: workspaceRef(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    taskKey: text().notNull(),
    format: text().notNull(),
    /** The attack's name in the battery, e.g. `keyword-stuffing`, `exit-early`, `model-1`. */
    attack: text().notNull(),
    /** `generic`, `scripted` or `model`. */
    family: text().notNull(),
    /** The grade, 0–1; null when the grader gave none. */
    score: doublePrecision(),
    /** The reward the task's pass rule asks for. */
    passBar: doublePrecision().notNull(),
    /** The attack reached the pass bar, or paid more than giving up honestly. */
    succeeded: boolean().notNull(),
    /** Why it succeeded (or why not), in words. */
    reason: text().notNull(),
    answer: text().notNull(),
    graderOutput: text().notNull(),
    /** The checks, criteria or test scripts that gave the attack credit. */
    letThrough: jsonb().$type<string[]>().notNull().default([]),
    /** The rollout this attack became in the reward-hack corpus, once added. */
    corpusRolloutId: uuid().references(() => rollouts.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("grader_attacks_job_attack_key").on(t.jobId, t.taskKey, t.format, t.attack),
    index("grader_attacks_workspace_idx").on(t.workspaceId),
    index("grader_attacks_environment_idx").on(t.environmentId),
    index("grader_attacks_corpus_rollout_idx").on(t.corpusRolloutId),
  ],
);

export type GraderAttack = typeof graderAttacks.$inferSelect;
