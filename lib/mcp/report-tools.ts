import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Ctx } from "@/lib/auth/context";
import { listEnvironments } from "@/lib/environments/queries";
import { API_RULES } from "@/lib/permissions/routes";
import { toReportJson } from "@/lib/reports/api-schemas";
import { getEnvironmentReport } from "@/lib/reports/queries";
import { PASS_AT_K_CAP } from "@/lib/reports/schemas";
import { defineTool } from "./define-tool";
import { pageJson } from "./quote";

// Environments and their report: GET /api/v1/environments and …/{slug}/report.

const REPORT_PAGE_CHARS = 30_000;

export function registerReportTools(server: McpServer, ctx: Ctx): void {
  defineTool(server, ctx, {
    name: "list_environments",
    title: "Environments",
    description: "The workspace's environments: slug, name, status, task count.",
    permission: API_RULES["GET /api/v1/environments"],
    input: {},
    isReadOnly: true,
    run: async ({ ctx }) => {
      const items = await listEnvironments({ ctx });
      return {
        summary: `${items.length} environments.`,
        payload: items.map((e) => ({
          slug: e.slug,
          name: e.name,
          status: e.status,
          taskCount: e.taskCount,
          description: e.description,
        })),
      };
    },
  });

  defineTool(server, ctx, {
    name: "get_environment_report",
    title: "An environment's report",
    description:
      "Difficulty (pass@k per task and model), reward robustness, hack rate (flagged among scanned, confirmed among labelled), failures and scaling. A long report comes in pages of its JSON text (offset).",
    permission: API_RULES["GET /api/v1/environments/[slug]/report"],
    input: {
      environment: z.string().min(1).max(200),
      k: z.number().int().min(1).max(PASS_AT_K_CAP).optional().describe("The k of the pass@k − pass@1 gap"),
      offset: z.number().int().min(0).default(0),
    },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const report = toReportJson(
        await getEnvironmentReport({
          ctx,
          slug: input.environment,
          input: input.k === undefined ? {} : { k: input.k },
        }),
      );
      const whole = JSON.stringify(report).length;
      if (whole <= REPORT_PAGE_CHARS && input.offset === 0)
        return { summary: `The report of ${input.environment}.`, payload: report };
      const { page, totalChars, nextOffset } = pageJson(report, input.offset, REPORT_PAGE_CHARS);
      return {
        summary: `The report of ${input.environment}, characters ${input.offset}–${input.offset + page.length} of its ${totalChars}-character JSON.`,
        notes: [
          nextOffset === null
            ? "This is the last page."
            : `[truncated: call get_environment_report with offset=${nextOffset} for the next page.]`,
        ],
        payload: { reportJson: page, totalChars, nextOffset },
      };
    },
  });
}
