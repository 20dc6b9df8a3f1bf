import { expect, test } from "./fixtures";

const NAV_BY_ROLE = {
  owner: ["Environments", "Rollouts", "Review", "Scanners", "Catalog", "Jobs", "Settings"],
  author: ["Environments", "Rollouts", "Review", "Scanners", "Catalog", "Jobs", "Settings"],
  reviewer: ["Environments", "Rollouts", "Review", "Scanners", "Catalog", "Settings"],
  buyer: ["Catalog", "Settings"],
} as const;

for (const [role, expected] of Object.entries(NAV_BY_ROLE)) {
  test(`[accounts] ${role} signs in and sees the navigation of the role`, async ({
    page,
    createUser,
    signInWithForm,
  }) => {
    const user = await createUser(role as keyof typeof NAV_BY_ROLE);
    await signInWithForm(page, user);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([...expected]);
  });
}

test("[accounts] a buyer who opens an author's page gets a 404", async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser("buyer"));
  const response = await page.goto("/environments");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const settings = await page.goto("/settings");
  expect(settings?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "API keys" })).toHaveCount(0);
});

test("[accounts] a wrong password is refused with a clear message", async ({ page, createUser }) => {
  const user = await createUser("author");
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Wrong email or password.");
});

test("[accounts] an owner adds a member and creates an API key that works on /api/v1/me", async ({
  page,
  createUser,
  signIn,
  request,
  workspace,
}) => {
  await signIn(page, await createUser("owner"));
  await page.getByRole("link", { name: "Settings" }).click();

  const memberEmail = `added-${Date.now()}@e2e.studio`;
  await page.getByLabel("Member email").fill(memberEmail);
  await page.getByLabel("Initial password").fill("member-pass-1");
  await page.getByLabel("Member role").selectOption("reviewer");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText(`Added ${memberEmail}.`)).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Members" }).getByRole("cell", { name: memberEmail, exact: true }),
  ).toBeVisible();

  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Key name").fill("e2e key");
  await page.getByLabel("Key role").selectOption("author");
  await page.getByRole("button", { name: "Create API key" }).click();
  const keyField = page.getByLabel("New API key (copy it now: it is shown once)");
  await expect(keyField).toHaveValue(/^es_/);
  const key = await keyField.inputValue();

  const me = await request.get("/api/v1/me", { headers: { Authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual({
    workspace: { slug: workspace.slug, name: workspace.name },
    role: "author",
  });
  const bad = await request.get("/api/v1/me", { headers: { Authorization: "Bearer es_nope" } });
  expect(bad.status()).toBe(401);
  expect((await bad.json()).error.code).toBe("unauthorized");
});

test("[accounts] signing out ends the session", async ({ page, createUser, signIn, context }) => {
  await signIn(page, await createUser("reviewer"));
  const cookies = await context.cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The old cookie no longer opens anything: the session is gone on the server too.
  await context.addCookies(cookies);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});
