import { seededRandom } from "@/lib/testing/seeded-random";
import type { TestMessage } from "./documents";

// Generated agentic messages: what agents read and write (code, shell sessions, JSON tool calls,
// stack traces, markdown, diffs, URLs, e-mails, paths, numbers, hyphenations), plus the limits:
// very long words, many repeats of a word, more than 16,383 words.

const SNIPPETS = [
  "const items: Array<Map<string, number>> = new Map(); if (a < b && c > d) { return x<y; }",
  "fn main() -> Result<(), Box<dyn Error>> { let v: Vec<String> = vec![]; Ok(()) }",
  'def handler(event, context):\n    """Process the event."""\n    return {"statusCode": 200, "body": json.dumps(event)}',
  '<div class="row" data-id=\'42\'><span>Hello &amp; welcome</span><br/><img src="a.png" alt="x"></div>',
  '<!-- TODO: remove --> <!DOCTYPE html> <?xml version="1.0" encoding="UTF-8"?> <ns:tag attr=v>',
  "for (let i = 0; i < n; i++) { total += values[i] * 2.5e-3; } // O(n) loop",
  "x = a<b; y = c>d; z = a<-1; w = 1<<3; v = p->next; u = &p; t = &&label; s = &#x27; r = &lt;",
  "SELECT id, name FROM users WHERE created_at >= '2024-01-01' AND status <> 'deleted';",
  '#include <stdio.h>\nint main(int argc, char **argv) { printf("%d\\n", argc); return 0; }',
  "template<typename T> class Foo : public Bar<T> { std::vector<T> items_; };",
  "<script>alert(1)</script> and <style>.a{color:red}</style>",
  "use-case well-known state-of-the-art e-mail x-ray re-run foo-12bar foo-12 12-foo a-b-c-d-1-2",
  "self-driving co-op mid-2020s 3-d 2-factor pre-commit post-install non-ASCII-free UTF-8 x86-64",
  "--verbose --dry-run -n 5 -rf --max-old-space-size=4096 -Xmx2g -DskipTests=true",
  "well--known --flag- -foo foo- -- --- a - b -1 +1 +x -x 1-2 1--2 a-1-b 1e5 -1e5 +1e-5 1E+5 2e 3e-",
  "0x1F 0755 1,234,567 3.14159 -0.5 1.2.3 v2.0.1 12ab34 ab12-cd34 100% $5 #42 @user ~user ~ ~/x",
];

const SHELL = [
  "$ ls -la ~/project\ntotal 48\ndrwxr-xr-x  5 agent agent 4096 Jan  3 10:21 .\n-rw-r--r--  1 agent agent  220 Jan  3 10:20 .bashrc",
  "$ npm test\n> app@1.0.0 test\n> vitest run\n\n ✓ src/a.test.ts (3 tests) 12ms\n FAIL src/b.test.ts > adds numbers\nAssertionError: expected 3 to be 4",
  "$ git status\nOn branch main\nChanges not staged for commit:\n  modified:   src/index.ts\n$ git diff --stat\n 1 file changed, 2 insertions(+), 1 deletion(-)",
  "$ python -m pytest -x -q\n..F\nFAILED tests/test_app.py::test_login - KeyError: 'user_id'\n1 failed, 2 passed in 0.12s",
  "$ curl -s -X POST https://api.example.com/v1/items?id=3&sort=desc -H 'Content-Type: application/json' -d '{\"a\":1}'",
  "$ cat <<EOF > config.yaml\nname: demo\nreplicas: 3\nEOF\n$ kubectl apply -f config.yaml 2>&1 | tee log.txt && echo done || echo failed",
  "$ grep -rn 'TODO' src/ | head -n 20 > /tmp/todo.txt; wc -l < /tmp/todo.txt",
];

const TRACES = [
  "Traceback (most recent call last):\n  File \"/usr/lib/python3.11/site-packages/app/main.py\", line 42, in <module>\n    main()\nValueError: invalid literal for int() with base 10: 'abc'",
  "TypeError: Cannot read properties of undefined (reading 'map')\n    at Object.<anonymous> (/app/src/index.js:10:15)\n    at Module._compile (node:internal/modules/cjs/loader:1256:14)",
  "thread 'main' panicked at 'index out of bounds: the len is 3 but the index is 5', src/main.rs:4:5\nnote: run with `RUST_BACKTRACE=1`",
  'java.lang.NullPointerException: Cannot invoke "String.length()"\n\tat com.example.App.run(App.java:27)\n\tat com.example.App.main(App.java:12)',
];

const MARKDOWN = [
  "# Plan\n\n1. Read the **failing** test\n2. Fix `parse_date()` in [utils](https://github.com/org/repo/blob/main/utils.py#L10-L20)\n- [ ] run `make test`\n\n| col | value |\n|-----|-------|\n| a   | 1     |",
  "> Note: the user's e-mail is jane.doe+test@example.co.uk; see <https://example.com/a-b?c=d&e=f#g>.\n\n```bash\nnpm install --save-dev @types/node\n```",
  "I'll start by examining the repository structure. Then I'll look at `src/parser.ts` — it's the core. Let's see what's there!",
];

const DIFFS = [
  "diff --git a/src/app.ts b/src/app.ts\nindex 3b18e51..a9c2f4d 100644\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,5 +1,6 @@\n-import { foo } from './foo';\n+import { foo, bar } from './foo';\n const x = 1;\n+const y = bar(x);",
  "@@ -120,7 +120,7 @@ def compute(values):\n-    return sum(values) / len(values)\n+    return sum(values) / max(len(values), 1)",
];

const WORDS = [
  "the",
  "agent",
  "calls",
  "tool",
  "running",
  "files",
  "tests",
  "passed",
  "failed",
  "error",
  "Error",
  "config",
  "UPDATE",
  "a",
  "is",
  "of",
  "and",
  "fix",
  "fixes",
  "fixed",
  "it's",
  "don't",
  "user_id",
  "HTTPServer",
  "x86",
  "v8",
  "utf8",
  "IPv6",
  "e2e",
  "1st",
  "2nd",
  "ABC123def",
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function toolCall(random: () => number, index: number): unknown {
  const command = pick(random, SHELL).split("\n")[0]?.slice(2) ?? "ls";
  return [
    {
      id: `call_${index}_${Math.floor(random() * 1e9).toString(36)}`,
      type: "function",
      function: {
        name: pick(random, ["bash", "str_replace_editor", "read_file", "search-code", "apply_patch"]),
        arguments: JSON.stringify({
          command,
          path: "/repo/src/main.py",
          line: index,
          dry_run: random() < 0.5,
        }),
      },
    },
  ];
}

function prose(random: () => number, words: number): string {
  return Array.from({ length: words }, () => pick(random, WORDS)).join(" ");
}

/** Generated agentic messages, deterministic for a seed. */
export function agenticMessages(seed: number, count: number): TestMessage[] {
  const random = seededRandom(seed);
  const messages: TestMessage[] = [];
  for (let i = 0; i < count; i++) {
    const parts = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
      pick(random, [SNIPPETS, SHELL, TRACES, MARKDOWN, DIFFS, [prose(random, 30)]] as const),
    ).map((group) => pick(random, group));
    const hasTools = random() < 0.4;
    messages.push({
      text: parts.join(random() < 0.5 ? "\n\n" : " "),
      reasoning: random() < 0.3 ? prose(random, 20) : null,
      toolCalls: hasTools ? toolCall(random, i) : null,
    });
  }
  return messages;
}

/** The limits: words at and past the too-long length, 300 repeats of a word, more than 16,383 words. */
export function limitMessages(): TestMessage[] {
  const texts = [
    `${"a".repeat(2046)} ${"b".repeat(2047)} ${"c".repeat(2048)} after`,
    `${"a".repeat(2046)} ${"c".repeat(2048)} ${"d".repeat(4000)} after word`,
    `${"ab-".repeat(700)}end and ${"1".repeat(3000)} x ${"q1".repeat(1200)}`,
    `short-${"x".repeat(2050)}-tail word`,
    "repeat ".repeat(300),
    "cats the ".repeat(200) + "dog ".repeat(256),
    Array.from({ length: 17_000 }, (_, i) => (i % 7 === 0 ? "late" : `w${i % 50}`)).join(" "),
    `${"word ".repeat(16_380)}cat-dog-bird end end end`,
    `<a title="${"x ".repeat(5000)}">inside</a> ${"<b ".repeat(300)}`,
  ];
  return texts.map((text) => ({ text, reasoning: null, toolCalls: null }));
}
