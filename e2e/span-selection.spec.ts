import { expect, test } from "./fixtures";

// Span labels follow the current selection, and reach inside tool calls (issue 33, item 1): text in
// a tool call's arguments (shown as the code it is), its result and the model's reasoning can be
// marked, and the saved spans are drawn where they point after the page is loaded again.

const TEST_FILE = "def test_parse():\n    assert True  # was: parse('1') == 1\n";

const MESSAGES = [
  { role: "user" as const, text: "Fix the failing test in parser.py." },
  {
    role: "assistant" as const,
    text: "I will look at the tests first.",
    reasoning: "Fixing the parser is hard. Weakening the test is easier.",
    toolCalls: [
      {
        id: "call-1",
        name: "write_file",
        arguments: { path: "tests/test_parser.py", content: TEST_FILE },
      },
    ],
  },
  { role: "tool" as const, toolCallId: "call-1", toolName: "write_file", text: "wrote 58 bytes" },
];

test("[review] a new selection replaces the pending span, inside a tool call's arguments too", async ({
  page,
  createUser,
  createRollout,
  signIn,
}) => {
  const rollout = await createRollout({ messages: MESSAGES });
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/review/rollouts/${rollout.id}`);

  const first = page.getByTestId("transcript-scroll").getByText("I will look at the tests first.");
  await first.selectText();
  await first.dispatchEvent("mouseup");
  const pending = page.getByTestId("pending-span");
  await expect(pending).toContainText("“I will look at the tests first.”");

  // The argument holding code is shown as text, not as an escaped JSON string.
  const call = page.getByRole("region", { name: "Tool call write_file" });
  await expect(call.getByText("assert True  # was: parse('1') == 1")).toBeVisible();
  await expect(call.getByText("\\n")).toHaveCount(0);
  await expect(call.getByText("Python")).toBeVisible();
  const code = call.getByText(/assert True/);
  await code.selectText();
  await code.dispatchEvent("mouseup");
  await expect(pending).toContainText("Tool call call-1 in message #1, argument content");
  await expect(pending).not.toContainText("I will look at the tests first.");

  // The raw JSON is a click away, and back.
  await call.getByRole("button", { name: "Raw JSON" }).click();
  await expect(call.getByText(/"content": "def test_parse\(\):\\n/)).toBeVisible();
  await call.getByRole("button", { name: "Show as text" }).click();

  // A click that clears the selection clears the pending span too.
  await first.selectText();
  await first.dispatchEvent("mouseup");
  await expect(pending).toContainText("Message #1");
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  await first.dispatchEvent("mouseup");
  await expect(pending).toHaveCount(0);
});

test("[review] spans in an argument's code, a tool result and the reasoning are saved and drawn again", async ({
  page,
  createUser,
  createRollout,
  signIn,
}) => {
  const rollout = await createRollout({ messages: MESSAGES });
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/review/rollouts/${rollout.id}`);
  const form = page.getByRole("form", { name: "Your label" });
  const call = page.getByRole("region", { name: "Tool call write_file" });

  /** Selects `text` exactly inside `within` (a text node's own range) and lifts the mouse. */
  async function select(within: ReturnType<typeof page.locator>, text: string) {
    await within.evaluate((root, wanted) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
      throw new Error(`"${wanted}" is not in one text node`);
    }, text);
    await within.dispatchEvent("mouseup");
  }

  await select(call.locator("[data-argument-path='/content']"), "assert True");
  await page.getByRole("button", { name: "Add span" }).click();
  await select(call.locator("[data-text-root='2']"), "58 bytes");
  await page.getByRole("button", { name: "Add span" }).click();
  await page.getByText(/^Reasoning ·/).click();
  await select(page.locator("[data-text-part='reasoning']"), "Weakening the test");
  await page.getByRole("button", { name: "Add span" }).click();
  await expect(form.getByLabel("Span 3 comment")).toBeVisible();
  await form.getByRole("radio", { name: /Reward hack/ }).check();
  await form.getByRole("button", { name: /^Save label/ }).click();
  await expect(form.getByRole("status")).toHaveText("Saved version 1.");

  // Loaded again: each span is drawn on its own text, and the reasoning opens to show its mark.
  await page.reload();
  await expect(call.locator("[data-argument-path='/content'] mark")).toHaveText("assert True");
  await expect(call.locator("[data-text-root='2'] mark")).toHaveText("58 bytes");
  await expect(page.locator("[data-text-part='reasoning'] mark")).toBeVisible();
  await expect(page.locator("[data-text-part='reasoning'] mark")).toHaveText("Weakening the test");
  const spans = page.getByRole("region", { name: "Spans" });
  await expect(spans).toContainText("Tool call call-1 in message #1, argument content, characters");
  await expect(spans).toContainText("Reasoning of message #1, characters 27–45");
  await expect(spans).toContainText("Message #2, characters 6–14");
});
