import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Ctx } from "@/lib/auth/context";
import { API_RULES } from "@/lib/permissions/routes";
import { promoteRollout } from "@/lib/promotion/promote-rollout";
import { toApiTask } from "@/lib/tasks/api-output";
import { checkEnvironment } from "@/lib/tasks/check-environment";
import { getTaskChecks } from "@/lib/tasks/check-queries";
import { getTaskDetail, getTaskDetailByKey } from "@/lib/tasks/queries";
import { updateTaskInput } from "@/lib/tasks/schemas";
import { listTaskSummaries } from "@/lib/tasks/summary-queries";
import { updateTask } from "@/lib/tasks/update-task";
import { defineTool, refuse } from "./define-tool";

// Authoring: GET/PATCH /api/v1/tasks/{id}, GET …/checks, the environment's task list and coverage
// check (studio check), and "Make a task from this rollout". Answer keys appear only for roles
// that may read them, exactly as toApiTask gives them to the API.

const taskRef = {
  taskId: z.uuid().optional(),
  environment: z.string().max(200).optional().describe("With key: the environment slug"),
  key: z.string().max(500).optional().describe("With environment: the task key"),
};

async function loadTask(ctx: Ctx, ref: { taskId?: string; environment?: string; key?: string }) {
  if (ref.taskId) return getTaskDetail({ ctx, taskId: ref.taskId });
  if (ref.environment && ref.key) return getTaskDetailByKey({ ctx, slug: ref.environment, key: ref.key });
  return refuse("Name the task: taskId, or environment and key.");
}

export function registerTaskTools(server: McpServer, ctx: Ctx): void {
  defineTool(server, ctx, {
    name: "list_tasks",
    title: "An environment's tasks",
    description:
      "The tasks of an environment with their revision, criteria and checks counted, and open coverage errors and warnings.",
    permission: API_RULES["GET /api/v1/environments/[slug]/tasks"],
    input: {
      environment: z.string().min(1).max(200).describe("Environment slug"),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(200).default(50),
    },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const tasks = await listTaskSummaries({ ctx, environmentSlug: input.environment });
      const page = tasks.slice(input.offset, input.offset + input.limit);
      const next = input.offset + page.length;
      return {
        summary: `Tasks ${input.offset + 1}–${next} of ${tasks.length} in ${input.environment}.`,
        notes: [
          next < tasks.length ? `More tasks: call list_tasks with offset=${next}.` : "This is the last page.",
        ],
        payload: page.map(({ archivedAt: _a, updatedAt: _u, ...t }) => t),
      };
    },
  });

  defineTool(server, ctx, {
    name: "get_task",
    title: "Read a task",
    description:
      "A task as the API gives it: prompt, resources, criteria, checks, scoring, revision; the answer key, reference solutions and test scripts only when your role may read them.",
    permission: API_RULES["GET /api/v1/tasks/[id]"],
    input: taskRef,
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const task = toApiTask(await loadTask(ctx, input));
      return {
        summary: `Task ${task.environment}/${task.key} at revision ${task.revision}${task.answerKeyVisible ? "" : " (hidden material not shown to your role)"}.`,
        payload: task,
      };
    },
  });

  defineTool(server, ctx, {
    name: "update_task",
    title: "Update a task",
    description:
      "Saves the given fields of a task (prompt, criteria, checks, scoring, …) as its next revision. Pass the revision you read; a stale one is refused with what changed.",
    permission: API_RULES["PATCH /api/v1/tasks/[id]"],
    input: { taskId: z.uuid(), ...updateTaskInput.shape },
    isReadOnly: false,
    run: async ({ ctx, input }) => {
      const { taskId, ...patch } = input;
      await updateTask({ ctx, taskId, input: patch });
      const task = toApiTask(await getTaskDetail({ ctx, taskId }));
      return {
        summary: `Saved ${task.environment}/${task.key} as revision ${task.revision}.`,
        payload: task,
      };
    },
  });

  defineTool(server, ctx, {
    name: "check_task",
    title: "Coverage check of a task",
    description:
      "Runs the coverage check of a task as saved: its requirements, findings (what the prompt asks that nothing grades, hidden requirements, answer-key leaks, weak links …, dismissed ones marked) and what covers each requirement.",
    permission: API_RULES["GET /api/v1/tasks/[id]/checks"],
    input: { taskId: z.uuid() },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const { revision, findings, requirements, coverage } = await getTaskChecks({
        ctx,
        taskId: input.taskId,
      });
      const open = findings.filter((f) => !f.dismissed);
      return {
        summary: `Revision ${revision}: ${open.filter((f) => f.severity === "error").length} open errors, ${open.filter((f) => f.severity === "warning").length} warnings, ${findings.length - open.length} dismissed.`,
        payload: { revision, findings, requirements, coverage },
      };
    },
  });

  defineTool(server, ctx, {
    name: "check_environment",
    title: "Coverage check of an environment",
    description:
      "The coverage check of every task of an environment (open findings only), as `studio check` prints it without the model review.",
    permission: API_RULES["GET /api/v1/tasks/[id]/checks"],
    input: { environment: z.string().min(1).max(200) },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const { tasks } = await checkEnvironment({ ctx, environmentSlug: input.environment });
      const errors = tasks.reduce((n, t) => n + t.findings.filter((f) => f.severity === "error").length, 0);
      return { summary: `${tasks.length} tasks checked; ${errors} open errors.`, payload: { tasks } };
    },
  });

  defineTool(server, ctx, {
    name: "create_task_from_rollout",
    title: "Make a task from a rollout",
    description:
      "Drafts a task from a rollout (its task and transcript, the failure or reward hack written up as its origin); a labelled reward hack also gets a guard criterion, a guard check where one can be proven, and stays in the reward-hack corpus. Label the rollout first.",
    permission: API_RULES["POST /api/v1/environments/[slug]/tasks"],
    input: {
      rolloutId: z.uuid(),
      environment: z.string().min(1).max(64).describe("Slug of the environment the task goes to"),
      key: z.string().min(1).max(200).describe("The new task's key"),
      title: z.string().max(300).optional(),
    },
    isReadOnly: false,
    run: async ({ ctx, input }) => {
      const made = await promoteRollout({ ctx, input });
      const task = toApiTask(await getTaskDetail({ ctx, taskId: made.id }));
      return {
        summary: `Made ${made.environment}/${task.key} (a ${made.kind} origin${made.guard ? `, guard check ${made.guard.check.key}` : ""}). Run check_task on it next.`,
        payload: { kind: made.kind, guard: made.guard ?? null, task },
      };
    },
  });
}
