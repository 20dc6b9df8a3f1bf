import fs from "node:fs";
import { eq } from "drizzle-orm";
import { rollouts } from "@/db/schema";
import { corpusPath } from "@/lib/imports/testing/corpus";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// The rollout page's Scores panel (issue #17): a verifiers rollout's long score names
// (`judge_reward_func`, `read_section_calls`) must not run into their values.

test("[rollouts] long score names never overlap their values in the Scores panel", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const [firstRecord] = fs
    .readFileSync(corpusPath("verifiers/wiki-search--gpt-4.1-mini/d057f808/results.jsonl"), "utf8")
    .split("\n");
  const imported = await request.post("/api/v1/imports?format=verifiers&filename=results.jsonl", {
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/octet-stream" },
    data: `${firstRecord}\n`,
  });
  expect(imported.status()).toBe(200);
  const [rollout] = await database.db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(eq(rollouts.workspaceId, workspace.id));

  await signIn(page, await createUser("reviewer"));
  await page.goto(`/rollouts/${rollout.id}`);
  const scores = page
    .getByRole("complementary", { name: "Rollout details" })
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Scores" }) });
  await expect(scores.getByText("judge_reward_func")).toBeVisible();
  await expect(scores.getByText("read_section_calls")).toBeVisible();
  // The painted text of each name and its value: their boxes must not intersect, and the name
  // must stay inside the panel.
  const rows = await scores.evaluate((section) => {
    const textBox = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect();
    };
    const panel = section.getBoundingClientRect();
    return [...section.querySelectorAll("dt")].map((name) => {
      const value = name.nextElementSibling as Element;
      const a = textBox(name);
      const b = textBox(value);
      return {
        name: name.textContent,
        overlaps: a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
        outside: a.left < panel.left || a.right > panel.right || b.right > panel.right,
      };
    });
  });
  expect(rows.map((r) => r.name)).toEqual(
    expect.arrayContaining(["judge_reward_func", "read_section_calls", "total_tool_calls"]),
  );
  expect(rows.filter((r) => r.overlaps || r.outside)).toEqual([]);
});
