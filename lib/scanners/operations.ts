import { type Action, evidenceAt, type Source } from "./agent-steps";
import { parseDiffFiles } from "./parsers/diff";
import { analyzePython, type PythonFacts } from "./parsers/python";
import { operands, parseAssignments, parseShell, type ShellCommand } from "./parsers/shell";
import { pythonMayMatter, shellMayMatter } from "./prefilter";
import { addPythonCallOperations } from "./python-operations";
import type { SearchTermRole } from "./search-tools";
import { ASSIGNS_ENVIRONMENT, addCommandOperations, ENVIRONMENT_NAMES } from "./shell-operations";
import type { Evidence, HiddenMaterial } from "./types";

// Actions reduced to operations on files, processes, the network and git, whichever way the agent
// did them (a Write tool, `cat > f <<EOF`, `open(f, "w")` in `python -c`, a patch). Signatures test
// operations, so one rule covers every harness and every way of writing the same thing. The
// collector reads each kind of action; what a shell command does is ./shell-operations.ts, what a
// Python program's calls do is ./python-operations.ts.

export type At = { messageIndex: number; evidence: Evidence; resultIndex: number | null; order: number };

export type Operation = At &
  (
    | { op: "read"; path: string }
    | {
        op: "write";
        path: string;
        content: string | null;
        isAppend: boolean;
        contentSource: { source: Source; offset: number } | null;
      }
    | {
        op: "edit";
        path: string;
        removed: string;
        added: string;
        addedSource: { source: Source; offset: number } | null;
      }
    | { op: "delete"; path: string }
    | { op: "search"; tool: string; terms: { role: SearchTermRole; value: string; evidence: Evidence }[] }
    | { op: "symlink"; target: string; link: string }
    | { op: "network"; url: string; tool: string }
    | { op: "git"; subcommand: string; args: string[] }
    | { op: "kill"; tool: string; targets: string[] }
    | { op: "background"; name: string; text: string; isLoop: boolean }
    | { op: "test-run"; tool: string; args: string[] }
    /** An environment variable set for later commands (`export X=…`) or for one command (`X=… cmd`). */
    | { op: "env"; name: string; value: string; isScoped: boolean }
    | { op: "shell"; command: ShellCommand }
    | { op: "python"; facts: PythonFacts; code: string; source: Source; offset: number; path: string | null }
  );

export class OperationCollector {
  readonly ops: Operation[] = [];
  private order = 0;

  /** `exhaustive` parses everything, skipping the lexical gate (prefilter.ts); tests compare both. */
  constructor(
    private readonly hidden: HiddenMaterial,
    private readonly exhaustive = false,
    /** Base names the task says the grader or harness relies on: text naming one passes the gate. */
    private readonly watched: readonly string[] = [],
  ) {}

  private mayMatter(text: string, gate: (text: string, hidden: HiddenMaterial) => boolean): boolean {
    return this.exhaustive || gate(text, this.hidden) || this.watched.some((name) => text.includes(name));
  }

  at(action: { source: Source; resultIndex: number | null }, start: number, end: number): At {
    return {
      messageIndex: action.source.messageIndex,
      evidence: evidenceAt(action.source, start, end),
      resultIndex: action.resultIndex,
      order: this.order++,
    };
  }

  add(action: Action): void {
    const whole = (): At => this.at(action, 0, action.source.text.length);
    switch (action.type) {
      case "shell":
        this.addShell(action, action.command, action.offset);
        return;
      case "python":
        this.addPython(action, action.code, action.offset, null);
        return;
      case "answer":
        if (/^(py|python|python3)?$/.test(action.language))
          this.addPython(action, action.code, action.offset, null);
        return;
      case "write":
        this.ops.push({
          ...whole(),
          op: "write",
          path: action.path,
          content: action.content,
          isAppend: action.isAppend,
          contentSource: { source: action.source, offset: action.offset },
        });
        if (action.path.endsWith(".py")) this.addPython(action, action.content, action.offset, action.path);
        return;
      case "edit":
        this.ops.push({
          ...whole(),
          op: "edit",
          path: action.path,
          removed: action.removed,
          added: action.added,
          addedSource: { source: action.source, offset: action.offset },
        });
        if (action.path.endsWith(".py") && action.added)
          this.addPython(action, action.added, action.offset, action.path);
        return;
      case "patch":
        this.addPatch(action, action.patch, action.offset);
        return;
      case "read":
        this.ops.push({ ...whole(), op: "read", path: action.path });
        return;
      case "delete":
        this.ops.push({ ...whole(), op: "delete", path: action.path });
        return;
      case "search":
        this.ops.push({
          ...whole(),
          op: "search",
          tool: action.tool,
          terms: action.terms.map((t) => ({
            role: t.role,
            value: t.value,
            evidence: evidenceAt(t.source, 0, t.source.text.length),
          })),
        });
        return;
    }
  }

  addPatch(action: { source: Source; resultIndex: number | null }, patch: string, offset: number): void {
    for (const file of parseDiffFiles(patch)) {
      const at = this.at(action, offset + file.start, offset + file.end);
      if (file.isDeleted) this.ops.push({ ...at, op: "delete", path: file.path });
      else if (file.isNew)
        this.ops.push({
          ...at,
          op: "write",
          path: file.path,
          content: file.added,
          isAppend: false,
          contentSource: null,
        });
      else
        this.ops.push({
          ...at,
          op: "edit",
          path: file.path,
          removed: file.removed,
          added: file.added,
          addedSource: null,
        });
      if (file.path.endsWith(".py") && file.added) this.addPython(action, file.added, -1, file.path);
    }
  }

  addPython(
    action: { source: Source; resultIndex: number | null },
    code: string,
    offset: number,
    path: string | null,
  ): void {
    if (!this.mayMatter(code, pythonMayMatter)) return;
    const facts = analyzePython(code, Math.max(offset, 0));
    const at =
      offset >= 0
        ? this.at(action, offset, offset + code.length)
        : this.at(action, 0, action.source.text.length);
    this.ops.push({ ...at, op: "python", facts, code, source: action.source, offset, path });
    addPythonCallOperations(this, action, { facts, at, offset });
  }

  /** A command line that is not in the transcript verbatim (built from a Python list): evidence is the call. */
  addShellText(at: At, text: string, isBackground: boolean): void {
    if (!isBackground && !this.mayMatter(text, shellMayMatter)) return;
    for (const command of parseShell(text)) {
      this.ops.push({ ...at, order: this.order++, op: "shell", command });
      if (isBackground)
        this.ops.push({
          ...at,
          order: this.order++,
          op: "background",
          name: command.name,
          text,
          isLoop: false,
        });
      if (/^(kill|pkill|killall)$/.test(command.name))
        this.ops.push({
          ...at,
          order: this.order++,
          op: "kill",
          tool: command.name,
          targets: operands(command).map((w) => w.value),
        });
    }
  }

  addShell(action: { source: Source; resultIndex: number | null }, text: string, offset: number): void {
    if (!this.mayMatter(text, shellMayMatter)) return;
    for (const command of parseShell(text, offset)) addCommandOperations(this, action, command);
    if (ASSIGNS_ENVIRONMENT.test(text))
      for (const a of parseAssignments(text, offset))
        if (a.isExport || ENVIRONMENT_NAMES.test(a.name))
          this.ops.push({
            ...this.at(action, a.start, a.end),
            op: "env",
            name: a.name,
            value: a.value,
            isScoped: false,
          });
  }
}
