import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { buildFuzzRequests, type FuzzRequest, type OpenApiDocument } from "./api-fuzz-cases";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// Every /api/v1 operation of the served OpenAPI document gets malformed ids, query values of the
// wrong type, malformed and wrongly typed JSON, and oversized bodies. Each must answer 4xx with the
// JSON error shape (or succeed): never 5xx.

async function send(request: APIRequestContext, key: string, fuzz: FuzzRequest) {
  const response = await request
    .fetch(fuzz.path, {
      method: fuzz.method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(fuzz.contentType ? { "content-type": fuzz.contentType } : {}),
      },
      data: fuzz.body,
      maxRedirects: 0,
      failOnStatusCode: false,
    })
    .catch((error: Error) => error);
  if (response instanceof Error) return { status: 599, text: `no answer: ${response.message}`, type: "" };
  const status = response.status();
  const text = await response.text();
  return { status, text, type: response.headers()["content-type"] ?? "" };
}

async function seedObjects(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  const slug = `fuzz-${randomUUID().slice(0, 8)}`;
  expect(
    (await request.post("/api/v1/environments", { headers, data: { slug, name: "Fuzz" } })).status(),
  ).toBe(201);
  const task = await request.post(`/api/v1/environments/${slug}/tasks`, {
    headers,
    data: { key: "t1", title: "Fuzz task", prompt: "Say hello." },
  });
  expect(task.status()).toBe(201);
  const record = {
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
    ],
    task: "t1",
  };
  const imported = await request.post(`/api/v1/imports?filename=fuzz.jsonl&environment=${slug}`, {
    headers: { ...headers, "content-type": "application/octet-stream" },
    data: Buffer.from(`${JSON.stringify(record)}\n`),
  });
  expect(imported.status()).toBe(200);
  const rollouts = await (await request.get(`/api/v1/rollouts?environment=${slug}`, { headers })).json();
  return { slug, taskId: (await task.json()).id as string, rolloutId: rollouts.items[0].id as string };
}

test("[api] malformed requests to every /api/v1 route answer 4xx with the JSON error shape, never 5xx", async ({
  request,
  database,
  workspace,
}) => {
  test.setTimeout(600_000);
  const key = await createApiKeyForTest(database, workspace.id, "owner");
  const objects = await seedObjects(request, key);
  const document = (await (await request.get("/api/v1/openapi.json")).json()) as OpenApiDocument;
  const validParam = (path: string, name: string) => {
    if (name === "slug") return objects.slug;
    if (name === "n" || name === "revision") return "1";
    if (path.startsWith("/api/v1/tasks/") && name === "id") return objects.taskId;
    if (path.startsWith("/api/v1/rollouts/") && name === "id") return objects.rolloutId;
    return randomUUID();
  };
  const requests = buildFuzzRequests(document, validParam);
  expect(requests.length).toBeGreaterThan(500);
  const failures: string[] = [];
  for (let i = 0; i < requests.length; i += 6) {
    const batch = requests.slice(i, i + 6);
    const results = await Promise.all(batch.map((fuzz) => send(request, key, fuzz)));
    results.forEach((result, j) => {
      const fuzz = batch[j];
      const where = `${fuzz.method} ${fuzz.path.slice(0, 120)} (${fuzz.why}) → ${result.status}`;
      if (result.status >= 500) failures.push(`${where}: ${result.text.slice(0, 200)}`);
      else if (result.status >= 400) {
        const isJsonError =
          result.type.includes("application/json") && /"error":\{"code":"\w+"/.test(result.text);
        if (!isJsonError) failures.push(`${where}: not the JSON error shape: ${result.text.slice(0, 120)}`);
      }
    });
  }
  expect(failures).toEqual([]);
});

test("[api] unknown /api/v1 paths answer 404 and wrong methods 405, as JSON", async ({ request }) => {
  const unknown = await request.get("/api/v1/no-such-route/123");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  const wrongMethod = await request.delete("/api/v1/me");
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toBe("GET");
  expect((await wrongMethod.json()).error.code).toBe("method_not_allowed");
  const noCredentials = await request.get("/api/v1/rollouts");
  expect(noCredentials.status()).toBe(401);
  expect((await noCredentials.json()).error.code).toBe("unauthorized");
});
