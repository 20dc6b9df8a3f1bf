import fs from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { connectDatabase, type DatabaseConnection } from "@/db/client";
import type { Role } from "@/lib/permissions/rules";
import { createTestRollout, createTestRun, type FactoryRollout } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
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

type Fixtures = {
  database: DatabaseConnection;
  workspace: TestWorkspace;
  createUser: (role: Role) => Promise<TestUser>;
  signIn: (page: Page, user: TestUser) => Promise<void>;
  signInWithForm: (page: Page, user: TestUser) => Promise<void>;
  /** A rollout in the test's workspace, in one run the test shares (made on first use). */
  createRollout: CreateRollout;
};

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
