import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { environments, rollouts, tasks } from "@/db/schema";
import { createApiKey } from "@/lib/accounts/api-keys";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { findSecretNeedles, listSecretNeedles } from "@/lib/exports/secret-text";
import { approveEnvironment } from "@/lib/versions/approve-environment";
import { chooseSample } from "@/lib/versions/choose-sample";
import { publishEnvironment } from "@/lib/versions/publish-environment";
import { submitEnvironment } from "@/lib/versions/submit-environment";
import { createShipFixture, SHIP_ANSWER_KEYS } from "@/lib/versions/testing/ship-fixture";

// The buyer crawl, API side: with a buyer's API key, call every GET route of the OpenAPI document,
// with every id and slug of the workspace (published, draft and another workspace's), and search
// each body for the workspace's answer keys, reviewer identities and what buyers must not see.
// e2e/ship.spec.ts crawls the pages the same way with a signed-in buyer.

type RouteModule = {
  GET?: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
};

function listGetRoutes(): string[] {
  const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
  return Object.keys(paths).filter((p) => paths[p].get);
}

async function loadRoute(openApiPath: string): Promise<RouteModule> {
  const file = path.join(process.cwd(), "app", openApiPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
  return import(file);
}

function expand(openApiPath: string, values: Record<string, string[]>): Record<string, string>[] {
  const names = [...openApiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  let combos: Record<string, string>[] = [{}];
  for (const name of names) {
    combos = combos.flatMap((combo) => (values[name] ?? ["x"]).map((value) => ({ ...combo, [name]: value })));
  }
  return combos;
}

describe("a buyer crawling the API", () => {
  it("reaches the catalog and never an answer key, a reviewer, a draft or another workspace", async () => {
    const published = await createShipFixture();
    const other = await createShipFixture();
    const { author, owner, slug } = published;
    await chooseSample({ ctx: author.ctx, slug, input: { rolloutId: published.rollouts.labelled.id } });
    await submitEnvironment({ ctx: author.ctx, slug });
    await approveEnvironment({ ctx: owner.ctx, slug });
    await publishEnvironment({ ctx: owner.ctx, slug });
    // A draft environment in the same workspace, with answer keys of its own.
    const draftSlug = `${slug}-draft`;
    const { createEnvironment } = await import("@/lib/environments/create-environment");
    const { createTask } = await import("@/lib/tasks/create-task");
    await createEnvironment({ ctx: author.ctx, input: { slug: draftSlug, name: "Unpublished draft" } });
    await createTask({
      ctx: author.ctx,
      environmentSlug: draftSlug,
      input: {
        key: "secret",
        title: "Secret",
        prompt: "Find the password.",
        answerKey: "Draft-only password: walrus-lantern-5521",
      },
    });
    const { key } = await createApiKey({ ctx: owner.ctx, input: { name: "buyer crawl", role: "buyer" } });

    const workspaceRollouts = await db
      .select({ id: rollouts.id })
      .from(rollouts)
      .where(eq(rollouts.workspaceId, published.workspace.id));
    const workspaceTasks = await db
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(environments, eq(environments.id, tasks.environmentId))
      .where(eq(environments.workspaceId, published.workspace.id));
    const ids = [
      ...new Set([...workspaceRollouts.map((r) => r.id), ...workspaceTasks.map((t) => t.id), randomUUID()]),
    ];
    const values = {
      slug: [slug, draftSlug, other.slug, "nope"],
      id: ids,
      n: ["1", "2"],
      sample: ["sample-1"],
    };

    const needles = [
      ...Object.values(SHIP_ANSWER_KEYS).flatMap(listSecretNeedles),
      ...listSecretNeedles("Draft-only password: walrus-lantern-5521"),
    ];
    const forbidden = [
      published.reviewer.email,
      "checked by",
      "Unpublished draft",
      other.slug,
      "Test reviewer",
    ];
    const seen: { url: string; status: number }[] = [];
    for (const route of listGetRoutes()) {
      const module = await loadRoute(route);
      expect(module.GET, `${route} has a GET handler`).toBeTypeOf("function");
      for (const params of expand(route, values)) {
        const url = `http://studio.test${route.replace(/\{(\w+)\}/g, (_, name: string) => params[name])}`;
        const response = await module.GET!(
          new Request(url, { headers: { authorization: `Bearer ${key}` } }),
          {
            params: Promise.resolve(params),
          },
        );
        const body = Buffer.from(await response.arrayBuffer()).toString("utf8");
        seen.push({ url, status: response.status });
        expect(findSecretNeedles(body, needles), `${url} shows an answer key`).toEqual([]);
        for (const text of forbidden) expect(body.includes(text), `${url} shows "${text}"`).toBe(false);
      }
    }
    const ok = seen.filter((s) => s.status === 200).map((s) => new URL(s.url).pathname);
    expect(ok).toEqual(
      expect.arrayContaining([
        "/api/v1/me",
        "/api/v1/openapi.json",
        "/api/v1/catalog",
        `/api/v1/catalog/${slug}`,
      ]),
    );
    // Nothing else answers a buyer: every staff route is a 404 (it doesn't reveal what exists).
    expect(
      ok.filter(
        (p) => !p.startsWith("/api/v1/catalog") && p !== "/api/v1/me" && p !== "/api/v1/openapi.json",
      ),
    ).toEqual([]);
    expect(workspaceTasks).toHaveLength(3);
    expect(seen.length).toBeGreaterThan(20);
  });
});
