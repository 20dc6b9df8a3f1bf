import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Ctx } from "@/lib/auth/context";
import { createStudioMcpServer } from "./server";

// POST /api/v1/mcp: one stateless server and transport per request (no session to keep between
// requests), answering JSON. withRoute has authenticated the key and read the body within its limit.

export async function answerMcpRequest({
  ctx,
  request,
  body,
}: {
  ctx: Ctx;
  request: Request;
  body: unknown;
}): Promise<Response> {
  const server = createStudioMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request, { parsedBody: body });
    return response.status >= 400 ? toStudioError(response) : response;
  } finally {
    await server.close();
  }
}

/**
 * The transport's HTTP-level refusals (a missing Accept type, a wrong content type) in the API's
 * error shape, with their status; JSON-RPC errors of a readable request stay JSON-RPC answers.
 */
async function toStudioError(response: Response): Promise<Response> {
  const text = await response.text();
  let message = text.slice(0, 500);
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === "string") message = parsed.error.message;
  } catch {
    // Not JSON: the text itself.
  }
  const code =
    response.status === 401 ? "unauthorized" : response.status === 413 ? "too_large" : "bad_request";
  return Response.json(
    { error: { code, message: message || "The MCP request was refused." } },
    { status: response.status },
  );
}
