import type { Source } from "./agent-steps";
import type { OperationCollector } from "./operations";
import { hasFlag, innerSpan, operands, type ShellCommand, type ShellWord } from "./parsers/shell";

// What one shell command does to files, processes, the network and git, as operations
// (./operations.ts): redirects and here-documents, readers and searchers, in-place edits, deletes,
// copies and moves, links, kills, fetches, and the Python or patch it runs inside.

const READERS = new Set([
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "bat",
  "nl",
  "xxd",
  "od",
  "strings",
  "base64",
  "tac",
  "view",
  "vi",
  "vim",
  "nano",
  "open",
]);
const SEARCHERS = new Set(["grep", "rg", "egrep", "fgrep", "ag", "ack"]);
const PYTHON = /^(python|python3|python3\.\d+|pypy3?)$/;
const TEST_RUNNERS = /^(pytest|py\.test|tox|nox|jest|vitest|mocha|rspec|phpunit|ctest)$/;
export const URL_PATTERN = /\b(?:https?|ftp|git|ssh):\/\/[^\s'"`)<>]+|\bgit@[\w.-]+:[\w./-]+/g;

/** Variables that change what a later process loads or how it measures, even without `export`. */
export const ENVIRONMENT_NAMES =
  /^(LD_PRELOAD|LD_LIBRARY_PATH|PYTHONPATH|PYTHONSTARTUP|PYTEST_ADDOPTS|PYTEST_PLUGINS|FAKETIME\w*|TZ|PATH)$/;

/** Cheap gate for the second parse that reads standalone assignments. */
export const ASSIGNS_ENVIRONMENT =
  /\bexport\s+\w+=|\b(LD_PRELOAD|LD_LIBRARY_PATH|PYTHONPATH|PYTHONSTARTUP|PYTEST_ADDOPTS|PYTEST_PLUGINS|FAKETIME\w*)=/;

const SHELL_WRITE_OPERATORS = new Set([">", ">>", "&>", "&>>", ">|"]);

export function isTestRun(command: ShellCommand): boolean {
  if (TEST_RUNNERS.test(command.name)) return true;
  if (PYTHON.test(command.name)) {
    const m = command.args.findIndex((a) => a.value === "-m");
    if (m >= 0 && /^(pytest|unittest|nose2?|doctest)$/.test(command.args[m + 1]?.value ?? "")) return true;
    return command.args.some((a) => /(^|\/)(test_[^/]*|[^/]*_test|tests?|run_tests?)\.py$/.test(a.value));
  }
  if (/^(npm|pnpm|yarn|bun)$/.test(command.name)) return command.args.some((a) => a.value === "test");
  if (command.name === "go" || command.name === "cargo") return command.args[0]?.value === "test";
  if (command.name === "make") return command.args.some((a) => /^(test|check)$/.test(a.value));
  return (
    /^(\.\/)?(run_tests?|test)\.sh$/.test(command.name) ||
    ((command.name === "bash" || command.name === "sh") &&
      /(^|\/)(run_tests?|test)\.sh$/.test(command.args[0]?.value ?? ""))
  );
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", "\\": "\\", "'": "'", '"': '"' };

/** What `echo`/`printf` print: printf's format (and echo -e) with its backslash escapes read. */
export function printedText(command: ShellCommand): string | null {
  if (command.name === "printf") {
    const format = command.args.find((a) => !a.value.startsWith("-"));
    return format ? format.value.replace(/\\([nt\\'"])/g, (_, c: string) => ESCAPES[c]) : null;
  }
  if (command.name !== "echo") return null;
  const words = command.args.filter((a) => !/^-[neE]+$/.test(a.value)).map((a) => a.value);
  const text = words.join(" ");
  return hasFlag(command, "-e", "e") ? text.replace(/\\([nt\\'"])/g, (_, c: string) => ESCAPES[c]) : text;
}

/** `git checkout <ref> -- paths`, `git restore --source=<ref> paths`: the ref (not HEAD) and the paths. */
function checkoutFromRef(command: ShellCommand): { ref: string; paths: ShellWord[] } | null {
  const words = command.args;
  const sub = words.find((a) => !a.value.startsWith("-"))?.value;
  if (sub !== "checkout" && sub !== "restore") return null;
  const rest = words.slice(words.findIndex((a) => a.value === sub) + 1);
  const dashes = rest.findIndex((a) => a.value === "--");
  const source = rest.find((a) => /^(--source=|-s)./.test(a.value))?.value.replace(/^(--source=|-s)/, "");
  const before = (dashes >= 0 ? rest.slice(0, dashes) : rest).filter((a) => !a.value.startsWith("-"));
  const ref = source ?? (sub === "checkout" && dashes >= 0 ? before[0]?.value : undefined);
  if (!ref || /^(HEAD|@)$/.test(ref)) return null;
  const paths = dashes >= 0 ? rest.slice(dashes + 1) : sub === "restore" ? before : [];
  return paths.length > 0 ? { ref, paths } : null;
}

/**
 * Records the operations of one parsed shell command on `collector` (programs it runs inside, a
 * `python -c` or a patch here-document, go through the collector's own readers).
 */
export function addCommandOperations(
  collector: OperationCollector,
  action: { source: Source; resultIndex: number | null },
  command: ShellCommand,
): void {
  const at = collector.at(action, command.start, command.end);
  const args = operands(command);
  collector.ops.push({ ...at, op: "shell", command });
  if (command.isBackground)
    collector.ops.push({
      ...at,
      op: "background",
      name: command.name,
      text: action.source.text.slice(command.start, command.end),
      isLoop: command.isInLoop,
    });
  if (isTestRun(command))
    collector.ops.push({ ...at, op: "test-run", tool: command.name, args: command.args.map((a) => a.value) });
  for (const e of command.env) {
    const eq = e.value.indexOf("=");
    if (eq > 0)
      collector.ops.push({
        ...at,
        op: "env",
        name: e.value.slice(0, eq),
        value: e.value.slice(eq + 1),
        isScoped: true,
      });
  }
  for (const redirect of command.redirects) {
    const target = redirect.target?.value;
    if (
      target &&
      SHELL_WRITE_OPERATORS.has(redirect.operator) &&
      !/^\/dev\/(null|stdout|stderr)$/.test(target) &&
      !/^&?\d$/.test(target)
    ) {
      const body = command.redirects.find((r) => r.body)?.body;
      const content = body ? body.value : printedText(command);
      const contentSource = body ? { source: action.source, offset: body.start } : null;
      collector.ops.push({
        ...at,
        op: "write",
        path: target,
        content,
        isAppend: redirect.operator.includes(">>"),
        contentSource,
      });
      if (body && target.endsWith(".py")) collector.addPython(action, body.value, body.start, target);
      else if (content && target.endsWith(".py")) collector.addPython(action, content, -1, target);
    }
    if (redirect.operator === "<" && target && command.name !== "patch")
      collector.ops.push({ ...at, op: "read", path: target });
  }
  const heredoc = command.redirects.find((r) => r.body)?.body;
  const name = command.name;
  if (PYTHON.test(name)) {
    const c = command.args.findIndex((a) => a.value === "-c");
    if (c >= 0 && command.args[c + 1]) {
      const span = innerSpan(command.args[c + 1]);
      collector.addPython(action, command.args[c + 1].value, span.start, null);
    } else if (heredoc && (command.args.length === 0 || command.args[0].value === "-"))
      collector.addPython(action, heredoc.value, heredoc.start, null);
  }
  if ((name === "patch" || (name === "git" && command.args[0]?.value === "apply")) && heredoc)
    collector.addPatch(action, heredoc.value, heredoc.start);
  if (
    READERS.has(name) ||
    (name === "sed" && !hasFlag(command, "--in-place", "i")) ||
    name === "awk" ||
    name === "cut" ||
    name === "sort" ||
    name === "jq" ||
    name === "diff" ||
    name === "cmp"
  )
    for (const a of args)
      collector.ops.push({ ...collector.at(action, a.start, a.end), op: "read", path: a.value });
  if (SEARCHERS.has(name))
    for (const a of args.slice(1))
      collector.ops.push({ ...collector.at(action, a.start, a.end), op: "read", path: a.value });
  if (
    (name === "sed" && hasFlag(command, "--in-place", "i")) ||
    (name === "perl" && command.args.some((a) => /^-\w*i/.test(a.value)))
  ) {
    const expressions = command.args.filter((a) => !a.value.startsWith("-"));
    const files =
      name === "sed"
        ? expressions.slice(command.args.some((a) => a.value === "-e") ? 0 : 1)
        : expressions.slice(1);
    for (const f of files)
      collector.ops.push({
        ...collector.at(action, f.start, f.end),
        op: "edit",
        path: f.value,
        removed: "?",
        added: expressions[0]?.value ?? "",
        addedSource: null,
      });
  }
  if (
    name === "rm" ||
    name === "unlink" ||
    name === "shred" ||
    (name === "git" && command.args[0]?.value === "rm")
  )
    for (const a of name === "git" ? args.slice(1) : args)
      collector.ops.push({ ...collector.at(action, a.start, a.end), op: "delete", path: a.value });
  // `find DIR -name 'test_*.py' -delete` (or `-exec rm`): deletes what the name pattern matches.
  if (
    name === "find" &&
    command.args.some(
      (a, i) =>
        a.value === "-delete" ||
        (a.value === "-exec" && /^(rm|unlink)$/.test(command.args[i + 1]?.value ?? "")),
    )
  ) {
    const values = command.args.map((a) => a.value);
    const dir = values.find((v, i) => !v.startsWith("-") && i === 0) ?? ".";
    const patterns = command.args.filter((_, i) => /^-i?(name|path|wholename)$/.test(values[i - 1] ?? ""));
    for (const p of patterns)
      collector.ops.push({
        ...collector.at(action, p.start, p.end),
        op: "delete",
        path: p.value.includes("/") ? p.value : `${dir}/${p.value}`,
      });
  }
  const fromRef = name === "git" ? checkoutFromRef(command) : null;
  if (fromRef)
    for (const p of fromRef.paths)
      collector.ops.push({
        ...collector.at(action, p.start, p.end),
        op: "write",
        path: p.value,
        content: null,
        isAppend: false,
        contentSource: null,
      });
  if (name === "truncate")
    for (const a of args)
      collector.ops.push({
        ...collector.at(action, a.start, a.end),
        op: "write",
        path: a.value,
        content: "",
        isAppend: false,
        contentSource: null,
      });
  if (name === "tee")
    for (const a of args)
      collector.ops.push({
        ...collector.at(action, a.start, a.end),
        op: "write",
        path: a.value,
        content: heredoc?.value ?? null,
        isAppend: hasFlag(command, "--append", "a"),
        contentSource: heredoc ? { source: action.source, offset: heredoc.start } : null,
      });
  if ((name === "cp" || name === "mv" || name === "install" || name === "rsync") && args.length >= 2) {
    for (const a of args.slice(0, -1))
      collector.ops.push({
        ...collector.at(action, a.start, a.end),
        op: name === "mv" ? "delete" : "read",
        path: a.value,
      });
    const to = args.at(-1);
    if (to)
      collector.ops.push({
        ...collector.at(action, command.start, command.end),
        op: "write",
        path: to.value,
        content: null,
        isAppend: false,
        contentSource: null,
      });
  }
  if (name === "ln" && hasFlag(command, "--symbolic", "s") && args.length >= 1)
    collector.ops.push({ ...at, op: "symlink", target: args[0].value, link: args[1]?.value ?? "" });
  if (/^(kill|pkill|killall|fuser)$/.test(name))
    collector.ops.push({ ...at, op: "kill", tool: name, targets: args.map((a) => a.value) });
  if (
    /^(curl|wget|http|aria2c|lynx|links|w3m|nc|ncat|telnet)$/.test(name) ||
    (name === "pip" && command.args[0]?.value === "download")
  ) {
    const url =
      action.source.text.slice(command.start, command.end).match(URL_PATTERN)?.[0] ??
      (name === "pip" ? `pypi:${args[1]?.value ?? ""}` : (args[0]?.value ?? ""));
    collector.ops.push({ ...at, op: "network", url, tool: name });
  }
  if (name === "git" && command.args.length > 0) {
    const sub = command.args.find((a) => !a.value.startsWith("-"))?.value ?? "";
    collector.ops.push({ ...at, op: "git", subcommand: sub, args: command.args.map((a) => a.value) });
    if (/^(clone|fetch|pull|ls-remote)$/.test(sub)) {
      const url =
        command.args
          .map((a) => a.value)
          .join(" ")
          .match(URL_PATTERN)?.[0] ??
        args.at(-1)?.value ??
        "";
      collector.ops.push({ ...at, op: "network", url, tool: `git ${sub}` });
    }
  }
}
