import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError, toPublicError } from "@/lib/errors";
import type { Permission } from "@/lib/permissions/rules";
import { formatToolResult, pageJson } from "./quote";

// One MCP tool: the permission of the API route (or server action) it mirrors, checked as withRoute
// checks it (a role that may not: not_found), a zod input, and the verb or query it wraps. Errors
// become tool errors with the API's code and message; unexpected ones are logged, never detailed.

export type ToolAnswer = { summary: string; notes?: string[]; payload: unknown };

/** The most JSON one result quotes; tools page below it, and this cut is the visible last resort. */
export const MAX_RESULT_CHARS = 100_000;

/** An answer whose payload is over the limit: its JSON text cut, and a note saying so. */
export function capAnswer(answer: ToolAnswer): ToolAnswer {
  const { page, totalChars, nextOffset } = pageJson(answer.payload, 0, MAX_RESULT_CHARS);
  if (nextOffset === null) return answer;
  return {
    summary: answer.summary,
    notes: [
      ...(answer.notes ?? []),
      `[truncated: the result is ${totalChars} characters of JSON; only the first ${MAX_RESULT_CHARS} are shown, as text in truncatedJson. Narrow the request (a filter, a smaller limit or window) to see the rest.]`,
    ],
    payload: { truncatedJson: page, totalChars },
  };
}

export type ToolDefinition<S extends z.ZodRawShape> = {
  name: string;
  title: string;
  description: string;
  /** The permission of the route it mirrors (lib/permissions/routes.ts). */
  permission: Permission;
  input: S;
  isReadOnly: boolean;
  run: (args: { ctx: Ctx; input: z.output<z.ZodObject<S>> }) => Promise<ToolAnswer>;
};

export function toErrorResult(error: unknown): CallToolResult {
  if (!(error instanceof AppError)) console.error("[mcp]", error);
  const publicError = toPublicError(error);
  const fieldErrors = "fieldErrors" in publicError ? publicError.fieldErrors : undefined;
  const detail = fieldErrors
    ? `\n${Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join("; ")}`)
        .join("\n")}`
    : "";
  return {
    isError: true,
    content: [{ type: "text", text: `error ${publicError.code}: ${publicError.message}${detail}` }],
  };
}

export function defineTool<S extends z.ZodRawShape>(
  server: McpServer,
  ctx: Ctx,
  tool: ToolDefinition<S>,
): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      annotations: { readOnlyHint: tool.isReadOnly, openWorldHint: false },
    },
    // The SDK parses the arguments with the schema before calling.
    (async (input: z.output<z.ZodObject<S>>): Promise<CallToolResult> => {
      try {
        assertCan(ctx, tool.permission);
        const answer = capAnswer(await tool.run({ ctx, input }));
        return { content: [{ type: "text", text: formatToolResult(answer) }] };
      } catch (error) {
        return toErrorResult(error);
      }
    }) as never,
  );
}

/** Fails the tool with a clear message when an argument names nothing usable. */
export function refuse(message: string): never {
  throw new AppError("invalid", message);
}
