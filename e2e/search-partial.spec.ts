import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { PHRASE_CANDIDATE_LIMIT, PHRASE_RECHECK_LIMIT } from "@/lib/search/text-search";
import { expect, test } from "./fixtures";

// A phrase of words that are everywhere in a workspace but rarely next to each other takes the
// bounded plan (lib/search/search-strategy.ts): only the PHRASE_RECHECK_LIMIT shortest of the first
// PHRASE_CANDIDATE_LIMIT messages holding all its words are checked, and the Rollouts list must say
// so. The plan is chosen by sampling, so the workspace gets what makes both exact plans costly:
// messages holding both words apart. The bounded plan needs the sample to estimate more than 80,000
// such messages (4 × its 20,000 rechecks); with 100,000 the sample's noise chose another plan about
// one run in ten, so 160,000.

const ROLLOUTS = 100;
const MESSAGES = 1_600;
/** Rollouts whose message 500 holds the phrase itself. */
const WITH_PHRASE = new Set([3, 57, 91]);

test("[rollouts] a search cut short by the bounded phrase plan says that matches may be missing", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(300_000);
  const target = { executor: database.db, workspaceId: workspace.id };
  const run = await createTestRun(target);
  const seedRollout = (r: number) =>
    createTestRollout({
      ...target,
      runId: run.id,
      model: "model-a",
      messages: Array.from({ length: MESSAGES }, (_, m) => ({
        role: "tool" as const,
        text:
          WITH_PHRASE.has(r) && m === 500
            ? `step ${m}: kestrel osprey side by side`
            : `step ${m}: kestrel comes first, then much later osprey`,
      })),
    });
  for (let r = 0; r < ROLLOUTS; r += 4) await Promise.all([r, r + 1, r + 2, r + 3].map(seedRollout));
  await signIn(page, await createUser("reviewer"));

  await page.goto(`/rollouts?${new URLSearchParams({ q: '"kestrel osprey"' })}`);
  const notice = page.getByTestId("search-partial");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    `only the ${PHRASE_RECHECK_LIMIT.toLocaleString("en-US")} shortest of the first ${PHRASE_CANDIDATE_LIMIT.toLocaleString("en-US")} messages holding all of them were checked`,
  );
  // What the cut found is real: every listed rollout holds the phrase, at message 500.
  const matches = page.getByRole("link", { name: "Match in message 500" });
  const rows = page.getByRole("table", { name: "Rollouts" }).locator("tbody tr");
  expect(await rows.count()).toBe(await matches.count());

  // A phrase whose words are rare in the workspace is checked everywhere: no notice.
  await page.getByLabel("Search messages").fill('"side by side"');
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("rollout-count")).toHaveText(`${WITH_PHRASE.size} rollouts match`);
  await expect(page.getByTestId("search-partial")).toHaveCount(0);
});
