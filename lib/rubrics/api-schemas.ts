import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { criterionInput, goldenExampleInput, sharedRubricInput, updateSharedRubricInput } from "./schemas";

export const rubricOutput = z.object({
  id: z.string(),
  environment: z.string(),
  task: z
    .object({ id: z.string(), key: z.string() })
    .nullable()
    .describe("The owning task; null for a shared rubric"),
  title: z.string(),
  description: z.string(),
  judgeTemplate: z.string(),
  sharedRubricId: z.string().nullable(),
  criteria: z.array(criterionInput),
  goldenExamples: z.array(goldenExampleInput).optional().describe("Only with answer-key access"),
  revision: z
    .number()
    .int()
    .describe("Shared rubrics: send it back when you PATCH. Task rubrics: the task's revision"),
  archivedAt: z.string().nullable(),
  usedBy: z.array(z.string()).describe("Keys of tasks built on this shared rubric"),
  canReadAnswerKeys: z.boolean(),
});

export const RUBRIC_OPERATIONS: ApiOperations = {
  "GET /api/v1/environments/[slug]/rubrics": {
    summary: "List the rubrics an environment shares between its tasks",
    response: z.object({ items: z.array(rubricOutput), nextCursor: z.null() }),
  },
  "POST /api/v1/environments/[slug]/rubrics": {
    summary: "Create a shared rubric",
    description:
      "Tasks build on it with `sharedRubricId`: its criteria come first, the task's own after (a task's criterion overrides a shared one with the same key).",
    body: sharedRubricInput,
    response: rubricOutput,
  },
  "GET /api/v1/rubrics/[id]": { summary: "Read a rubric (a task's or a shared one)", response: rubricOutput },
  "PATCH /api/v1/rubrics/[id]": {
    summary: "Update a rubric",
    description:
      "Send `revision`. For a shared rubric it is the rubric's revision; for a task's rubric it is the task's, and the edit becomes a task revision. A stale revision gets 409.",
    body: updateSharedRubricInput,
    response: rubricOutput,
  },
  "POST /api/v1/rubrics/[id]/archive": { summary: "Archive a shared rubric", response: rubricOutput },
  "POST /api/v1/rubrics/[id]/unarchive": {
    summary: "Restore an archived shared rubric",
    response: rubricOutput,
  },
};
