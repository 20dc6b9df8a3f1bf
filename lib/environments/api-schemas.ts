import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { RUBRIC_OPERATIONS } from "@/lib/rubrics/api-schemas";
import { TASK_OPERATIONS, taskOutput } from "@/lib/tasks/api-schemas";
import { createEnvironmentInput, updateEnvironmentInput } from "./schemas";

// Response shapes and OpenAPI operations of authoring: environments, tasks and rubrics.

export const environmentOutput = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  domain: z.string(),
  tags: z.array(z.string()),
  status: z.enum(["draft", "in-review", "approved", "published", "retired"]),
  reviewersSeeAnswerKeys: z.boolean(),
  taskCount: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const environmentListQuery = z.object({
  archived: z.enum(["0", "1"]).default("0").describe("1 includes archived environments"),
});

export const ENVIRONMENT_OPERATIONS: ApiOperations = {
  "GET /api/v1/environments": {
    summary: "List environments",
    query: environmentListQuery,
    response: z.object({ items: z.array(environmentOutput), nextCursor: z.null() }),
  },
  "POST /api/v1/environments": {
    summary: "Create an environment",
    description:
      'The body {"slug","name","description"}, plus optional domain, tags and reviewersSeeAnswerKeys.',
    body: createEnvironmentInput,
    response: environmentOutput,
  },
  "GET /api/v1/environments/[slug]": {
    summary: "Read an environment with its tasks",
    description:
      "Answer keys and other hidden task fields only for roles allowed to read them in this environment.",
    response: environmentOutput.extend({ tasks: z.array(taskOutput) }),
  },
  "PATCH /api/v1/environments/[slug]": {
    summary: "Update an environment",
    description:
      "Name, description, domain, tags and whether reviewers see answer keys. The slug never changes.",
    body: updateEnvironmentInput,
    response: environmentOutput,
  },
  "POST /api/v1/environments/[slug]/archive": {
    summary: "Archive an environment",
    response: environmentOutput,
  },
  "POST /api/v1/environments/[slug]/unarchive": {
    summary: "Restore an archived environment",
    response: environmentOutput,
  },
  ...TASK_OPERATIONS,
  ...RUBRIC_OPERATIONS,
};
