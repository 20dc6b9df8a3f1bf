import fs from "node:fs";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { connectDatabase, type DatabaseConnection } from "@/db/client";
import { environments } from "@/db/schema";
import type { Role } from "@/lib/permissions/rules";
import { createTestRollout, createTestRun, type FactoryRollout } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { createApiKeyForTest } from "./api-keys";
import { E2E_DATABASE_FILE } from "./database-file";
import { signInOverHttp } from "./sign-in";

// Role fixtures: each test gets its own workspace and users (unique, never shared), made in the
// server's database by the factories the Vitest tests use (lib/testing/factories.ts). `signIn`
// posts the sign-in form's request without drawing the page; `signInWithForm` types into the form,
// for the specs that test signing in.

export const PASSWORD = "e2e-password-1";

export type TestWorkspace = { id: string; slug: string; name: string };
export type TestUser = { email: string; role: Role; workspace: TestWorkspace };
export type CreateRollout = (rollout?: FactoryRollout) => Promise<{ id: string }>;
/** A task as `POST /api/v1/environments/{slug}/tasks` takes it. */
export type TaskApiBody = Record<string, unknown> & { key: string; title: string; prompt: string };
export type TestEnvironment = { id: string; slug: string; authorKey: string };
export type CreateEnvironment = (environment: {
  /** The slug; default `<prefix>-<unique suffix>`. */
  slug?: string;
  prefix?: string;
  name?: string;
  description?: string;
  tasks?: TaskApiBody[];
}) => Promise<TestEnvironment>;

type Fixtures = {
  database: DatabaseConnection;
  workspace: TestWorkspace;
  createUser: (role: Role) => Promise<TestUser>;
  signIn: (page: Page, user: TestUser) => Promise<void>;
  signInWithForm: (page: Page, user: TestUser) => Promise<void>;
  /** A rollout in the test's workspace, in one run the test shares (made on first use). */
  createRollout: CreateRollout;
  /** An environment and its tasks in the test's workspace, made through the API by an author's key. */
  createEnvironment: CreateEnvironment;
};

/** A one-task environment's task: "Name the capital of France", an exact-match check, one criterion. */
export function capitalTask({ key, reference }: { key: string; reference: string }): TaskApiBody {
  const prompt = "Name the capital of France.";
  return {
    key,
    title: "Capital",
    prompt,
    answerKey: "Paris",
    giveUp: { allowed: false, instructions: "" },
    scoring: { mode: "threshold", threshold: 0.5 },
    criteria: [
      { key: "main", title: "Names the capital", description: "", weight: 1, requirements: [prompt] },
    ],
    checks: [
      { key: "paris", kind: "exact-match", weight: 1, requirements: [prompt], config: { expected: "Paris" } },
    ],
    referenceSolutions: [{ title: "Reference", language: "markdown", content: reference }],
  };
}

/** A task an LLM judge grades: six times seven, answer key "42", one binary criterion "correct". */
export function sixTimesSevenTask(prompt: string): TaskApiBody {
  return {
    key: "answer",
    title: "Six times seven",
    prompt,
    answerKey: "42",
    criteria: [{ key: "correct", title: "Answers 42", requirements: [] }],
  };
}

/** POSTs JSON with an API key and expects success; returns the parsed answer. */
export async function postJson(request: APIRequestContext, url: string, key: string, data: unknown = {}) {
  const response = await request.post(url, { data, headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Settings → Model providers: adds a provider (an owner's page) and waits for it to be stored. */
export async function addProviderInSettings(page: Page, provider: { baseUrl: string; model: string }) {
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Add provider" });
  await form.getByLabel("Provider name").fill("stand-in");
  await form.getByLabel("Base URL").fill(provider.baseUrl);
  await form.getByLabel("Model").fill(provider.model);
  await form.getByLabel("API key").fill("sk-e2e-secret");
  await form.getByLabel("Concurrency").fill("8");
  await form.getByRole("button", { name: "Add provider" }).click();
  await expect(form.getByText("Added stand-in.")).toBeVisible();
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

export const test = base.extend<Fixtures>({
  database: async ({}, use) => {
    const connection = connectDatabase({ url: fs.readFileSync(E2E_DATABASE_FILE, "utf8").trim() });
    await use(connection);
    await connection.close();
  },
  workspace: async ({ database }, use) => {
    const row = await createTestWorkspace(`E2E ${uniqueSuffix()}`, { executor: database.db });
    await use({ id: row.id, slug: row.slug, name: row.name });
  },
  createUser: async ({ database, workspace }, use) => {
    await use(async (role) => {
      const { email } = await createTestMember(workspace, role, {
        executor: database.db,
        password: PASSWORD,
      });
      return { email, role, workspace };
    });
  },
  createRollout: async ({ database, workspace }, use) => {
    let runId: string | undefined;
    await use(async (rollout = {}) => {
      runId ??= (await createTestRun({ workspaceId: workspace.id, executor: database.db })).id;
      return createTestRollout({ workspaceId: workspace.id, runId, executor: database.db, ...rollout });
    });
  },
  createEnvironment: async ({ database, workspace, request }, use) => {
    let authorKey: string | undefined;
    await use(async ({ slug, prefix = "env", name, description = "", tasks = [] }) => {
      authorKey ??= await createApiKeyForTest(database, workspace.id, "author");
      const envSlug = slug ?? `${prefix}-${uniqueSuffix()}`;
      await postJson(request, "/api/v1/environments", authorKey, {
        slug: envSlug,
        name: name ?? envSlug,
        description,
      });
      for (const task of tasks)
        await postJson(request, `/api/v1/environments/${envSlug}/tasks`, authorKey, task);
      const [row] = await database.db
        .select({ id: environments.id })
        .from(environments)
        .where(and(eq(environments.workspaceId, workspace.id), eq(environments.slug, envSlug)));
      return { id: row.id, slug: envSlug, authorKey };
    });
  },
  signIn: async ({}, use) => {
    await use(async (page, user) => {
      await signInOverHttp(page, user.email, PASSWORD);
      await page.goto("/");
      await expectSignedIn(page);
    });
  },
  signInWithForm: async ({}, use) => {
    await use(async (page, user) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expectSignedIn(page);
    });
  },
  page: async ({ page }, use) => {
    // Nothing may leave localhost: CDN fonts, Monaco loaders or analytics fail the test.
    const offsite: string[] = [];
    await page.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => {
      const url = route.request().url();
      if (!url.startsWith("data:") && !url.startsWith("blob:")) offsite.push(url);
      return url.startsWith("data:") || url.startsWith("blob:") ? route.continue() : route.abort();
    });
    await use(page);
    expect(offsite, "requests that left localhost").toEqual([]);
  },
});

export { expect };
