import fs from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { connectDatabase, type DatabaseConnection } from "@/db/client";
import { memberships, users, workspaces } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/permissions/rules";
import { E2E_DATABASE_FILE } from "./database-file";

// Role fixtures: each test gets its own workspace and users (unique, never shared), created straight
// in the server's database, and signs in through the real login form.

export const PASSWORD = "e2e-password-1";
const passwordHash = hashPassword(PASSWORD);

export type TestWorkspace = { id: string; slug: string; name: string };
export type TestUser = { email: string; role: Role; workspace: TestWorkspace };

type Fixtures = {
  database: DatabaseConnection;
  workspace: TestWorkspace;
  createUser: (role: Role) => Promise<TestUser>;
  signIn: (page: Page, user: TestUser) => Promise<void>;
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const test = base.extend<Fixtures>({
  database: async ({}, use) => {
    const connection = connectDatabase({ url: fs.readFileSync(E2E_DATABASE_FILE, "utf8").trim() });
    await use(connection);
    await connection.close();
  },
  workspace: async ({ database }, use) => {
    const suffix = unique();
    const [row] = await database.db
      .insert(workspaces)
      .values({ slug: `e2e-${suffix}`, name: `E2E ${suffix}` })
      .returning();
    await use({ id: row.id, slug: row.slug, name: row.name });
  },
  createUser: async ({ database, workspace }, use) => {
    await use(async (role) => {
      const email = `${role}-${unique()}@e2e.studio`;
      const [user] = await database.db
        .insert(users)
        .values({ email, name: `E2E ${role}`, passwordHash: await passwordHash })
        .returning();
      await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: user.id, role });
      return { email, role, workspace };
    });
  },
  signIn: async ({}, use) => {
    await use(async (page, user) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
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
