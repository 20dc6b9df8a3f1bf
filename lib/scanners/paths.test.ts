import { describe, expect, it } from "vitest";
import { classifyPath } from "./paths";
import { NO_HIDDEN_MATERIAL } from "./types";

describe("classifyPath", () => {
  it.each([
    ["tests/test_calc.py", ["test"]],
    ["/repo/src/calc.py", []],
    ["conftest.py", ["pytest-hook"]],
    ["/grader/expected_output.txt", ["answer-key", "grader"]],
    ["/task/hidden_tests/test_x.py", ["hidden-test", "test"]],
    ["reference_solution.py", ["reference-solution"]],
    ["run_tests.sh", ["grader"]],
    ["pytest.ini", ["test-config"]],
    ["site-packages/sitecustomize.py", ["python-startup"]],
    ["web/button.spec.ts", ["test"]],
  ])("%s → %j", (path, classes) => {
    expect(classifyPath(path, NO_HIDDEN_MATERIAL)).toEqual(classes);
  });

  it("knows the environment's hidden test scripts by name", () => {
    expect(classifyPath("/opt/verify_outputs.py", { paths: ["verify_outputs.py"] })).toContain("hidden-test");
  });
});
