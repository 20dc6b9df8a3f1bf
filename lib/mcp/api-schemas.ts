import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";

// POST /api/v1/mcp carries JSON-RPC 2.0 messages of the Model Context Protocol (streamable HTTP).

const jsonRpcMessage = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string().max(200).optional(),
  })
  .loose();

export const mcpRequestBody = z.union([jsonRpcMessage, z.array(jsonRpcMessage).min(1).max(100)]);

export const MCP_OPERATIONS: ApiOperations = {
  "POST /api/v1/mcp": {
    summary: "The studio's MCP server (streamable HTTP, stateless)",
    description:
      "Model Context Protocol messages as JSON-RPC 2.0; send `Accept: application/json, text/event-stream`. The tools act with the API key's role, as the matching routes do; `tools/list` describes them. Answers JSON (202 with no body for notifications).",
    body: mcpRequestBody,
    response: z.union([jsonRpcMessage, z.array(jsonRpcMessage)]),
  },
};
