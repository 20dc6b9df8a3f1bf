import { withRoute } from "@/lib/api/with-route";
import { mcpRequestBody } from "@/lib/mcp/api-schemas";
import { answerMcpRequest } from "@/lib/mcp/http";

// The MCP server over streamable HTTP: withRoute authenticates the API key (or session) and reads
// the body within the JSON limit; the tools then act with that ctx.
export const POST = withRoute("POST /api/v1/mcp", { body: mcpRequestBody }, ({ ctx, request, body }) =>
  answerMcpRequest({ ctx, request, body }),
);
