import { expect, test } from "./fixtures";

test("[shell] the studio has its icon and manifest, and a page loads nothing that 404s", async ({
  page,
  request,
  createUser,
  signIn,
}) => {
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await signIn(page, await createUser("author"));
  await page.goto("/environments");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /\/icon\.svg/);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const icon = await request.get("/icon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ name: "Environment Studio", icons: [{ src: "/icon.svg" }] });
  expect((await request.get("/favicon.ico")).status()).toBe(200);
  expect(missing).toEqual([]);
});
