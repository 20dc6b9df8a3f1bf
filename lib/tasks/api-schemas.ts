import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import { criterionInput, goldenExampleInput } from "@/lib/rubrics/schemas";
import { checksResponse } from "./coverage";
import {
  createTaskInput,
  dismissFindingInput,
  giveUpInput,
  recordBestScoreInput,
  referenceSolutionInput,
  resourceInput,
  scoringInput,
  testScriptInput,
  updateTaskInput,
} from "./schemas";
import { TASK_FORMATS } from "./transfer/task-rows";

// Response shapes and OpenAPI operations of the task routes (lib/environments/api-schemas.ts
// gathers them into ENVIRONMENT_OPERATIONS).

const checkWithoutConfig = z.object({
  key: z.string(),
  kind: z.string(),
  description: z.string(),
  weight: z.number(),
  requirements: z.array(z.string()),
});

export const restoreRevisionBody = z.object({
  revision: z.number().int().min(0).describe("The task's current revision (optimistic concurrency)"),
});

export const taskOutput = z.object({
  id: z.uuid(),
  key: z.string(),
  environment: z.string().describe("Environment slug"),
  revision: z.number().int().describe("Send it back as `revision` when you PATCH"),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  bestKnownScore: z
    .object({ score: z.number(), achievedBy: z.string(), at: z.string().nullable() })
    .nullable(),
  answerKeyVisible: z
    .boolean()
    .describe("False for roles that may not read answer keys: the hidden fields are then absent"),
  title: z.string(),
  prompt: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(["easy", "medium", "hard", "expert"]).nullable(),
  timeBudgetMinutes: z.number().int().nullable(),
  turnBudget: z.number().int().nullable(),
  giveUp: giveUpInput,
  scoring: scoringInput,
  resources: z.array(resourceInput),
  sharedRubricId: z.string().nullable(),
  judgeTemplate: z.string(),
  criteria: z.array(criterionInput),
  sharedCriteria: z.array(criterionInput).describe("Criteria inherited from the shared rubric"),
  overrides: z.object({
    marked: z.array(z.object({ start: z.number(), end: z.number() })),
    unmarked: z.array(z.string()),
  }),
  checks: z
    .array(z.union([checkInput, checkWithoutConfig]))
    .describe("`config` (expected values) only with answer-key access"),
  answerKey: z.string().optional(),
  referenceSolutions: z.array(referenceSolutionInput).optional(),
  goldenExamples: z.array(goldenExampleInput).optional(),
  testScripts: z.array(testScriptInput).optional(),
});

const conflictOutput = z.object({
  error: z.object({ code: z.literal("conflict"), message: z.string() }),
  conflict: z.object({
    baseRevision: z.number().int(),
    currentRevision: z.number().int(),
    currentAuthor: z.string(),
    currentAt: z.string(),
    changes: z.array(
      z.object({ path: z.string(), label: z.string(), change: z.enum(["added", "removed", "changed"]) }),
    ),
    current: z.record(z.string(), z.unknown()).describe("The task content as saved now"),
  }),
});

const revisionSummary = z.object({
  revision: z.number().int(),
  authorName: z.string(),
  message: z.string(),
  restoredFrom: z.number().int().nullable(),
  createdAt: z.string(),
});

export const taskExportQuery = z.object({ format: z.enum(TASK_FORMATS).default("jsonl") });
export const taskListQuery = z.object({
  archived: z.enum(["0", "1"]).default("0").describe("1 includes archived tasks"),
});

const importResult = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  tasks: z.array(z.object({ row: z.number().int(), key: z.string(), id: z.string() })),
});

export const TASK_OPERATIONS: ApiOperations = {
  "GET /api/v1/environments/[slug]/tasks": {
    summary: "List an environment's tasks",
    description:
      "Each task in full; the answer key and other hidden fields only for roles allowed to read them.",
    query: taskListQuery,
    response: z.object({ items: z.array(taskOutput), nextCursor: z.null() }),
  },
  "POST /api/v1/environments/[slug]/tasks": {
    summary: "Create a task",
    description:
      "The body holds key, title, prompt, answerKey, giveUp, scoring and criteria, plus any optional field. Criteria and checks may name prompt requirements by id or by their text. Creates revision 1.",
    body: createTaskInput,
    response: taskOutput,
  },
  "POST /api/v1/environments/[slug]/tasks/import": {
    summary: "Import tasks from JSONL or CSV",
    description:
      "Raw body with ?format=jsonl|csv. JSONL: one task body per line. CSV: columns key,title,prompt,answer_key,give_up_allowed,give_up_instructions,scoring_mode,scoring_threshold,tags,difficulty,time_budget_minutes,turn_budget,judge_template and JSON cells criteria,checks,resources,reference_solutions,golden_examples,test_scripts. Valid rows are imported; each bad row is reported with row, field and message.",
    query: taskExportQuery,
    body: z.string(),
    bodyContentType: "text/plain",
    response: importResult,
  },
  "GET /api/v1/environments/[slug]/tasks/export": {
    summary: "Export an environment's tasks as JSONL or CSV",
    description:
      "The same shape import reads. Binary file resources are left out; hidden fields only with answer-key access.",
    query: taskExportQuery,
    response: z.string(),
  },
  "GET /api/v1/tasks/[id]": { summary: "Read a task", response: taskOutput },
  "PATCH /api/v1/tasks/[id]": {
    summary: "Update a task (makes a revision)",
    description:
      "Any task fields, plus `revision`: the revision your edit is based on. If someone saved since, the answer is 409 with `conflict` (what changed and the current content) and nothing is written.",
    body: updateTaskInput,
    response: taskOutput.or(conflictOutput),
  },
  "POST /api/v1/tasks/[id]/archive": { summary: "Archive a task", response: taskOutput },
  "POST /api/v1/tasks/[id]/unarchive": { summary: "Restore an archived task", response: taskOutput },
  "GET /api/v1/tasks/[id]/checks": {
    summary: "The grader coverage check of a task",
    description:
      "Requirements of the prompt, findings (unchecked-requirement, hidden-requirement, process-requirement, answer-key-leak, no-give-up; dismissed ones carry their reason) and which criterion or check covers each requirement.",
    response: checksResponse.extend({
      revision: z.number().int(),
      requirements: z.array(
        z
          .object({
            id: z.string(),
            text: z.string(),
            start: z.number(),
            end: z.number(),
            isProcess: z.boolean(),
          })
          .loose(),
      ),
      coverage: z.array(
        z.object({
          requirementId: z.string(),
          links: z.array(
            z.object({
              by: z.string(),
              key: z.string(),
              how: z
                .string()
                .describe(
                  "`id` or `text`: linked by the author; `inferred`: the check inferred the link from the words (labelled as inferred in the studio)",
                ),
            }),
          ),
        }),
      ),
    }),
  },
  "POST /api/v1/tasks/[id]/dismissals": {
    summary: "Dismiss (or restore) a coverage finding with a written reason",
    description: "Append-only: every dismissal and restore stays in the history.",
    body: dismissFindingInput,
    response: z.object({
      id: z.string(),
      findingId: z.string(),
      action: z.enum(["dismiss", "restore"]),
      reason: z.string(),
      actorName: z.string(),
      createdAt: z.string(),
    }),
  },
  "GET /api/v1/tasks/[id]/revisions": {
    summary: "List a task's revisions",
    response: z.object({ items: z.array(revisionSummary), nextCursor: z.null() }),
  },
  "GET /api/v1/tasks/[id]/revisions/[revision]": {
    summary: "Read one revision in full",
    response: revisionSummary.extend({
      content: z.record(z.string(), z.unknown()),
      isHiddenRedacted: z.boolean(),
    }),
  },
  "POST /api/v1/tasks/[id]/revisions/[revision]/restore": {
    summary: "Restore a revision as a new revision",
    body: restoreRevisionBody,
    response: taskOutput,
  },
  "GET /api/v1/tasks/[id]/preview": {
    summary: "What the agent receives",
    description:
      "Prompt, resources, give-up wording (when allowed) and budgets. Never the answer key, rubric or checks.",
    response: z.object({
      key: z.string(),
      prompt: z.string(),
      resources: z.array(z.record(z.string(), z.unknown())),
      giveUp: z.object({ instructions: z.string() }).nullable(),
      budgets: z.object({ timeMinutes: z.number().nullable(), turns: z.number().nullable() }),
      message: z.string().describe("The prompt as one message, budgets and give-up wording appended"),
    }),
  },
  "POST /api/v1/tasks/[id]/files": {
    summary: "Upload a binary file for a task",
    description:
      "Raw body (name it with ?filename=) up to 10 MB. Add it to the task by saving a `file` resource with the returned fileId.",
    query: z.object({ filename: z.string().min(1).max(200) }),
    body: z.string().describe("The file's bytes"),
    bodyContentType: "application/octet-stream",
    response: z.object({
      fileId: z.string(),
      name: z.string(),
      mediaType: z.string(),
      size: z.number(),
      sha256: z.string(),
    }),
  },
  "GET /api/v1/tasks/[id]/files/[fileId]": {
    summary: "Download a task's file",
    response: z.string().describe("The file's bytes"),
  },
  "POST /api/v1/tasks/[id]/best-score": {
    summary: "Record the best known score (improvement scoring)",
    body: recordBestScoreInput,
    response: z.object({ score: z.number(), achievedBy: z.string(), at: z.string() }),
  },
};
