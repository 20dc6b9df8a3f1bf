import { expect, test } from "./fixtures";

// Find in transcript marks the match it steps to, also inside collapsed reasoning, which it opens,
// and inside a tool call's arguments (issue 33, item 7: "1 of 134" with nothing marked).

test("[rollouts] find marks its match, opening the collapsed reasoning it is in", async ({
  page,
  createUser,
  createRollout,
  signIn,
}) => {
  const rollout = await createRollout({
    messages: [
      { role: "user", text: "Fix the failing test." },
      {
        role: "assistant",
        text: "Looking at the repository.",
        reasoning: "The grader only runs pytest. I could skip the hard case with a marker.",
      },
      {
        role: "assistant",
        text: "Editing the test.",
        toolCalls: [
          {
            id: "e1",
            name: "write_file",
            arguments: {
              path: "test_case.py",
              content: "import pytest\n\n@pytest.mark.skip\ndef test_hard(): ...\n",
            },
          },
        ],
      },
      { role: "tool", toolCallId: "e1", toolName: "write_file", text: "ok" },
      { role: "assistant", text: "All tests pass." },
    ],
  });
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/rollouts/${rollout.id}`);
  const reasoning = page.locator("#m-1 details");
  await expect(reasoning).not.toHaveAttribute("open", "");

  const find = page.getByLabel("Find in transcript", { exact: true });
  // The phrase is in message 1 as written; message 2 matches its words (full text).
  await find.fill("skip the hard case");
  await find.press("Enter");
  await expect(page.getByText(/^1 of \d+$/)).toBeVisible();
  await expect(reasoning).toHaveAttribute("open", "");
  const mark = reasoning.locator("mark[data-highlight~='find-1']");
  await expect(mark).toHaveText("skip the hard case");
  await expect(mark).toBeInViewport();

  // Stepping on to the match in the tool call's code marks it there.
  await page.getByRole("button", { name: "Next match" }).click();
  await expect(page.getByText(/^2 of \d+$/)).toBeVisible();
  const code = page
    .getByRole("region", { name: "Tool call write_file" })
    .locator("[data-argument-path='/content']");
  await expect(code.locator("mark[data-highlight~='find-2']").first()).toHaveText("skip");
});
