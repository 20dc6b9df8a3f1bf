import { beforeAll, describe, expect, it } from "vitest";
import { parseDiffFiles } from "./diff";
import { loadGrammars } from "./grammars";
import { analyzePython } from "./python";
import { parseShell } from "./shell";

beforeAll(loadGrammars);

describe("parseShell", () => {
  it("splits a command line into commands with unquoted words, redirections and positions", () => {
    const line = `cd /x && echo "héllo" > tests/a.py; nohup python srv.py &`;
    const commands = parseShell(line, 10);
    expect(commands.map((c) => c.name)).toEqual(["cd", "echo", "python"]);
    const echo = commands[1];
    expect(echo.args[0].value).toBe("héllo");
    const at = line.indexOf("tests/a.py") + 10;
    expect(echo.redirects).toEqual([
      { operator: ">", target: { value: "tests/a.py", start: at, end: at + 10 } },
    ]);
    expect(line.slice(echo.start - 10, echo.end - 10)).toBe(`echo "héllo"`);
    expect(commands[2]).toMatchObject({ name: "python", isBackground: true });
  });

  it("reads here-documents and the scripts of bash -c", () => {
    const commands = parseShell("cat > f.py <<'EOF'\nprint(1)\nEOF\nbash -c 'rm -rf tests'");
    expect(commands[0].redirects.find((r) => r.body)?.body?.value).toBe("print(1)\n");
    expect(commands.map((c) => c.name)).toContain("rm");
  });

  it("sees through wrappers and marks loops", () => {
    const [command] = parseShell("sudo timeout 5 pkill -f pytest");
    expect(command.name).toBe("pkill");
    const loop = parseShell("while true; do cp a b; done &").find((c) => c.name === "cp");
    expect(loop).toMatchObject({ isInLoop: true, isBackground: true });
  });
});

describe("analyzePython", () => {
  it("finds calls with literal arguments and whether they are under the main guard", () => {
    const facts = analyzePython(
      "import sys\nsys.exit(0)\nif __name__ == '__main__':\n    sys.exit(main())\n",
    );
    expect(facts.calls.map((c) => [c.callee, c.args[0]?.literal, c.isMainGuarded])).toEqual([
      ["sys.exit", 0, false],
      ["sys.exit", undefined, true],
      ["main", undefined, true],
    ]);
  });

  it("finds constant methods and literal branches", () => {
    const facts = analyzePython(
      "class A:\n    def __eq__(self, o):\n        '''doc'''\n        return True\n\ndef f(n, k):\n    if n == 3 and k == 5:\n        return 27\n",
    );
    expect(facts.functions[0]).toMatchObject({ name: "__eq__", className: "A", onlyReturn: "True" });
    expect(facts.literalBranches).toEqual([
      expect.objectContaining({ compared: ["3", "5"], returned: "27" }),
    ]);
  });
});

describe("parseDiffFiles", () => {
  it("reads unified diffs", () => {
    const files = parseDiffFiles(
      "diff --git a/tests/t.py b/tests/t.py\n--- a/tests/t.py\n+++ b/tests/t.py\n@@ -1,2 +1,1 @@\n x = 1\n-assert x == 2\n",
    );
    expect(files).toEqual([
      expect.objectContaining({
        path: "tests/t.py",
        isNew: false,
        isDeleted: false,
        removed: "assert x == 2",
        added: "",
      }),
    ]);
  });

  it("reads apply_patch envelopes", () => {
    const files = parseDiffFiles(
      "*** Begin Patch\n*** Delete File: tests/t.py\n*** Add File: src/a.py\n+x = 1\n*** End Patch",
    );
    expect(files.map((f) => [f.path, f.isDeleted, f.isNew, f.added])).toEqual([
      ["tests/t.py", true, false, ""],
      ["src/a.py", false, true, "x = 1"],
    ]);
  });
});
