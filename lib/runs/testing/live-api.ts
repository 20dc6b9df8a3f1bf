import { createApiKey } from "@/lib/accounts/api-keys";
import type { Role } from "@/lib/permissions/rules";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";

// Calls the live-run route handlers as an HTTP client would: a Request with a Bearer API key.

// biome-ignore lint/suspicious/noExplicitAny: tests read response fields by path and assert them.
type ApiJson = any;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function createKeyWorkspace() {
  const workspace = await createTestWorkspace();
  const { ctx: owner } = await createTestMember(workspace, "owner");
  const keyFor = async (role: Role) => (await createApiKey({ ctx: owner, input: { name: role, role } })).key;
  return { workspace, owner, keyFor };
}

export async function call(
  handler: Handler,
  {
    key,
    params = {},
    body,
    query = "",
  }: { key: string; params?: Record<string, string>; body?: unknown; query?: string },
): Promise<{ status: number; body: ApiJson; headers: Headers }> {
  const request = new Request(`http://studio.test/api/v1/x${query}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}
