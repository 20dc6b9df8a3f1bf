import { count, eq } from "drizzle-orm";
import { auditLog, memberships, users, workspaces } from "@/db/schema";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// Settings as a newcomer meets them (issue #17): the API keys page says when there are none, the
// create-workspace form's fields sit on one line, the audit log names people and things (with
// links) and pages through old entries, and the workspace switcher shows whole names.

test("[settings] the API keys page says there are none yet, then lists the new key", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("owner"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByText("No API keys yet.")).toBeVisible();
  await page.getByLabel("Key name").fill("ingest");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByLabel("New API key (copy it now: it is shown once)")).toHaveValue(/^es_/);
  await page.reload();
  await expect(
    page.getByRole("table", { name: "API keys" }).getByRole("cell", { name: "ingest", exact: true }),
  ).toBeVisible();
  await expect(page.getByText("No API keys yet.")).toHaveCount(0);
});

test("[settings] the create-workspace fields and button line up", async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser("owner"));
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Create workspace" });
  const name = await form.getByLabel("Workspace name").boundingBox();
  const slug = await form.getByLabel("Workspace slug").boundingBox();
  const button = await form.getByRole("button", { name: "Create workspace" }).boundingBox();
  if (!name || !slug || !button) throw new Error("the create-workspace form is not on screen");
  expect(Math.abs(slug.y - name.y), "slug input beside the name input").toBeLessThanOrEqual(1);
  expect(Math.abs(slug.height - name.height)).toBeLessThanOrEqual(1);
  expect(
    Math.abs(button.y + button.height - (name.y + name.height)),
    "button on the inputs' line",
  ).toBeLessThanOrEqual(1);
});

test("[settings] the audit log names people and things, links them, and pages through older entries", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const owner = await createUser("owner");
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const slug = `audited-${Date.now().toString(36)}`;
  const created = await request.post("/api/v1/environments", {
    headers: { Authorization: `Bearer ${key}` },
    data: { slug, name: "Audited environment" },
  });
  expect(created.status()).toBe(201);
  const environmentId = (await created.json()).id as string;
  const [ownerRow] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, owner.email));
  // 60 older changes by the owner, a minute apart: more than one page of the log.
  const start = Date.now() - 2 * 60 * 60 * 1000;
  await database.db.insert(auditLog).values(
    Array.from({ length: 60 }, (_, i) => ({
      workspaceId: workspace.id,
      actorKind: "user",
      actorUserId: ownerRow.id,
      action: `environment.update.${String(i).padStart(2, "0")}`,
      targetType: "environment",
      targetId: environmentId,
      createdAt: new Date(start + i * 60_000),
    })),
  );

  await signIn(page, owner);
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Audit log" }).click();
  const log = page.getByRole("table", { name: "Audit log" });
  const newest = log.getByRole("row").filter({ hasText: "environment.create" });
  await expect(newest).toContainText("API key e2e");
  await newest.getByRole("link", { name: "Audited environment" }).click();
  await expect(page).toHaveURL(new RegExp(`/environments/${slug}$`));
  await page.goBack();

  // Newest first: the environment's creation, the fixtures' own entries, then the 60 older changes.
  const [{ total }] = await database.db
    .select({ total: count() })
    .from(auditLog)
    .where(eq(auditLog.workspaceId, workspace.id));
  const rows = log.locator("tbody tr");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("environment.create");
  const latestUpdate = rows.filter({ hasText: "environment.update.59" });
  await expect(latestUpdate).toContainText(owner.email);
  await expect(latestUpdate.getByRole("link", { name: "Audited environment" })).toBeVisible();
  await page.getByRole("link", { name: "Older entries" }).click();
  await expect(rows).toHaveCount(total - 50);
  await expect(rows.last()).toContainText("environment.update.00");
  await expect(rows.filter({ hasText: "environment.create" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Older entries" })).toHaveCount(0);
  await page.getByRole("link", { name: "Newest entries" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("environment.create");
});

test("[settings] the workspace switcher shows whole workspace names", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const user = await createUser("author");
  const longName = `Governance analysts: long-horizon deception evaluations ${Date.now().toString(36)}`;
  const [other] = await database.db
    .insert(workspaces)
    .values({ slug: `e2e-long-${Date.now().toString(36)}`, name: longName })
    .returning();
  const [userRow] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  await database.db
    .insert(memberships)
    .values({ workspaceId: other.id, userId: userRow.id, role: "reviewer" });

  await signIn(page, user);
  const switcher = page.getByRole("button", { name: /^Workspace:/ });
  await expect(switcher).toHaveAttribute("title", `${workspace.name} · author`);
  await switcher.click();
  const choice = page.getByRole("button", { name: `${longName} · reviewer` });
  await expect(choice).toBeVisible();
  // Whole: the text is not cut (no overflow of its box), however long the name.
  expect(await choice.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await choice.click();
  await expect(switcher).toHaveAttribute("title", `${longName} · reviewer`);
});
