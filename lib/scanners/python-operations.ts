import type { Source } from "./agent-steps";
import type { At, OperationCollector } from "./operations";
import type { PythonFacts } from "./parsers/python";
import { URL_PATTERN } from "./shell-operations";

// What a Python program's calls do, as operations (./operations.ts): files opened, written, removed,
// linked, copied or moved (os, shutil, pathlib), processes it runs or kills, URLs it fetches.

/** Records the operations of `facts`' calls on `collector`; `at` is the whole program's span. */
export function addPythonCallOperations(
  collector: OperationCollector,
  action: { source: Source; resultIndex: number | null },
  { facts, at, offset }: { facts: PythonFacts; at: At; offset: number },
): void {
  for (const call of facts.calls) {
    const span = offset >= 0 ? collector.at(action, call.start, call.end) : at;
    const first = call.args[0];
    const firstText = typeof first?.literal === "string" ? first.literal : null;
    if ((call.callee === "os.system" || call.callee === "subprocess.getoutput") && firstText && offset >= 0)
      collector.addShell(action, firstText, first.start + 1);
    if (/^subprocess\.(run|call|check_call|check_output|Popen)$/.test(call.callee) && first) {
      const words = first.text.startsWith("[")
        ? first.text
            .slice(1, -1)
            .split(",")
            .map((w) => w.trim().replace(/^['"]|['"]$/g, ""))
            .join(" ")
        : firstText;
      if (words) collector.addShellText(span, words, call.callee === "subprocess.Popen");
    }
    if (call.callee === "open" && firstText) {
      const mode =
        typeof call.args[1]?.literal === "string"
          ? call.args[1].literal
          : typeof call.kwargs.mode?.literal === "string"
            ? call.kwargs.mode.literal
            : "r";
      if (/[wa]/.test(mode))
        collector.ops.push({
          ...span,
          op: "write",
          path: firstText,
          content: null,
          isAppend: mode.includes("a"),
          contentSource: null,
        });
      else collector.ops.push({ ...span, op: "read", path: firstText });
    }
    if (/(^|\.)(remove|unlink|rmtree|rmdir)$/.test(call.callee) && firstText)
      collector.ops.push({ ...span, op: "delete", path: firstText });
    if (/(^|\.)symlink(_to)?$/.test(call.callee) && firstText)
      collector.ops.push({
        ...span,
        op: "symlink",
        target: firstText,
        link: typeof call.args[1]?.literal === "string" ? call.args[1].literal : "",
      });
    if (
      /^(shutil\.(copy|copyfile|copy2|move)|os\.(rename|replace|renames))$/.test(call.callee) &&
      firstText
    ) {
      collector.ops.push({ ...span, op: /copy/.test(call.callee) ? "read" : "delete", path: firstText });
      const to = call.args[1]?.literal;
      if (typeof to === "string")
        collector.ops.push({
          ...span,
          op: "write",
          path: to,
          content: null,
          isAppend: false,
          contentSource: null,
        });
    }
    if (/(^|\.)(read_text|read_bytes|load|loadtxt|read_csv|read_json)$/.test(call.callee) && firstText)
      collector.ops.push({ ...span, op: "read", path: firstText });
    // `Path('tests/x.py').read_text()`, or `p.write_text(…)` with `p = Path('tests/x.py')`.
    if (call.receiverPath !== null) {
      if (/\.(read_text|read_bytes|open)$/.test(call.callee) && !/\.open$/.test(call.callee))
        collector.ops.push({ ...span, op: "read", path: call.receiverPath });
      if (/\.(write_text|write_bytes)$/.test(call.callee))
        collector.ops.push({
          ...span,
          op: "write",
          path: call.receiverPath,
          content: firstText,
          isAppend: false,
          contentSource: null,
        });
      if (/\.(unlink|rmdir)$/.test(call.callee))
        collector.ops.push({ ...span, op: "delete", path: call.receiverPath });
      if (/\.symlink_to$/.test(call.callee) && firstText)
        collector.ops.push({ ...span, op: "symlink", target: firstText, link: call.receiverPath });
    }
    if (/(^|\.)(kill|killpg)$/.test(call.callee))
      collector.ops.push({ ...span, op: "kill", tool: call.callee, targets: call.args.map((a) => a.text) });
    if (/(urlopen|urlretrieve|requests\.(get|post)|httpx\.(get|post)|urllib3|\.request)$/.test(call.callee)) {
      const url = call.args
        .map((a) => a.text)
        .join(" ")
        .match(URL_PATTERN)?.[0];
      if (url) collector.ops.push({ ...span, op: "network", url, tool: call.callee });
    }
  }
}
