import type { Page } from "@playwright/test";
import type { FactoryMessage } from "@/lib/rollouts/testing/factories";
import { expect, test } from "./fixtures";

// Links to a message (`#m-{index}`) followed while the transcript is open: the viewer scrolls to the
// message and makes it current, the last message included.

const current = (page: Page) => page.locator('article[aria-current="true"]');

function buildTranscript(count: number): FactoryMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    role: i % 2 ? "assistant" : "user",
    text: `step ${i}: ${i % 3 ? "a short line" : "a longer line\n\nwith a second paragraph to vary the height"}`,
  }));
}

/** Follows an in-page link to `hash`, as a reader clicking one in the transcript or its side panel does. */
async function followLink(page: Page, hash: string) {
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement("a"), { href, textContent: "link" });
    document.body.append(link);
    link.click();
    link.remove();
  }, hash);
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
}

for (const count of [2, 3, 12, 300]) {
  test(`[rollouts] links to any message of an open ${count}-message transcript scroll to it, the last one too`, async ({
    page,
    createRollout,
    createUser,
    signIn,
  }) => {
    const rollout = await createRollout({ messages: buildTranscript(count) });
    await signIn(page, await createUser("reviewer"));
    await page.goto(`/rollouts/${rollout.id}`);
    await expect(page.locator("#m-0")).toContainText("step 0");
    const last = count - 1;
    const middle = Math.floor(count / 2);

    for (const index of [middle, last, 1, last]) {
      await followLink(page, `#m-${index}`);
      await expect(current(page)).toHaveAttribute("id", `m-${index}`);
      await expect(page.locator(`#m-${index}`)).toContainText(`step ${index}:`);
      await expect(page.locator(`#m-${index}`)).toBeInViewport();
    }
  });
}

test("[rollouts] a link to the message the address already names scrolls back to it", async ({
  page,
  createRollout,
  createUser,
  signIn,
}) => {
  const rollout = await createRollout({ messages: buildTranscript(300) });
  await signIn(page, await createUser("reviewer"));
  // Opened at the last message (a search hit, a flag, the Last button: the address says #m-299)…
  await page.goto(`/rollouts/${rollout.id}#m-299`);
  await expect(page.locator("#m-299")).toBeInViewport();
  // …the reader scrolls back to the top by hand, then follows a link to the last message again.
  const transcript = page.getByTestId("transcript-scroll");
  await transcript.hover();
  await expect(async () => {
    await page.mouse.wheel(0, -100_000);
    await expect(page.locator("#m-0")).toBeInViewport({ timeout: 1000 });
  }).toPass();
  await expect(page.locator("#m-299")).toHaveCount(0);
  await followLink(page, "#m-299");
  await expect(page.locator("#m-299")).toBeInViewport();
  await expect(current(page)).toHaveAttribute("id", "m-299");
});
