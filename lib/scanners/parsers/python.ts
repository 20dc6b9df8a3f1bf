import type { Node } from "web-tree-sitter";
import { withTree } from "./grammars";

// Python code reduced to the facts the signatures test: calls (with literal arguments), assignments,
// function definitions and `if <name> == <literal>: return <literal>` branches. Offsets index into
// the string given to analyzePython (plus `offset`).

export type PyValue = {
  text: string;
  literal: string | number | boolean | null | undefined;
  start: number;
  end: number;
};

export type PyCall = {
  /** Dotted callee as written: `sys.exit`, `os._exit`, `subprocess.run`, `open`. */
  callee: string;
  args: PyValue[];
  kwargs: Record<string, PyValue>;
  start: number;
  end: number;
  /** The enclosing function's name; null at module level. */
  inFunction: string | null;
  /** Under `if __name__ == "__main__":`. */
  isMainGuarded: boolean;
  /** The file a method is called on: `Path('x').write_text()`, `p.unlink()` with `p = Path('x')`. */
  receiverPath: string | null;
};

export type PyAssignment = { target: string; value: string; start: number; end: number };

export type PyFunction = {
  name: string;
  className: string | null;
  /** The returned expressions when the body is one statement `return <expr>` (docstrings skipped). */
  onlyReturn: string | null;
  start: number;
  end: number;
  /** Attribute targets assigned in the body (`report.outcome`, `session.exitstatus`). */
  assigns: string[];
  /** Dotted callees called in the body. */
  calls: string[];
};

/** `if n == 3 and k == 5: return 27`: literals compared against, literal returned. */
export type PyLiteralBranch = { compared: string[]; returned: string; start: number; end: number };

export type PythonFacts = {
  calls: PyCall[];
  assignments: PyAssignment[];
  functions: PyFunction[];
  literalBranches: PyLiteralBranch[];
  /** Dict literals of ≥3 entries mapping literals to literals (answer tables). */
  literalTables: { size: number; keys: string[]; pairs: [string, string][]; start: number; end: number }[];
  imports: string[];
  hasErrors: boolean;
};

function literalOf(node: Node): PyValue["literal"] {
  switch (node.type) {
    case "integer":
    case "float":
      return Number(node.text.replace(/_/g, ""));
    case "true":
      return true;
    case "false":
      return false;
    case "none":
      return null;
    case "string": {
      const content = node.namedChildren.filter((c) => c?.type === "string_content");
      if (node.namedChildren.some((c) => c?.type === "interpolation")) return undefined;
      return content.map((c) => c?.text ?? "").join("");
    }
    case "unary_operator":
      return node.text.startsWith("-") && node.lastNamedChild ? -Number(node.lastNamedChild.text) : undefined;
    default:
      return undefined;
  }
}

const isLiteral = (node: Node) => literalOf(node) !== undefined;

/** Names bound once to a string literal or a Path of one (`path = 'tests/x.py'`, `p = Path(path)`). */
type Bindings = Map<string, string>;

const PATH_CTOR = /^(pathlib\.)?(Path|PurePath|PosixPath)$/;

/** The string a node denotes when it is a literal, a bound name, or `Path(<either>)`. */
function stringOf(node: Node | null | undefined, bindings: Bindings): string | null {
  if (!node) return null;
  const literal = literalOf(node);
  if (typeof literal === "string") return literal;
  if (node.type === "identifier") return bindings.get(node.text) ?? null;
  if (node.type === "parenthesized_expression") return stringOf(node.firstNamedChild, bindings);
  if (node.type === "call" && PATH_CTOR.test(node.childForFieldName("function")?.text ?? "")) {
    const args = node.childForFieldName("arguments")?.namedChildren.filter((c) => c?.type !== "comment");
    return args?.length === 1 ? stringOf(args[0], bindings) : null;
  }
  return null;
}

function bindingsOf(root: Node): Bindings {
  const bindings: Bindings = new Map();
  const seen = new Set<string>();
  for (const a of root.descendantsOfType("assignment")) {
    const left = a?.childForFieldName("left");
    if (!a || left?.type !== "identifier") continue;
    const value = stringOf(a.childForFieldName("right"), bindings);
    if (seen.has(left.text) || value === null) bindings.delete(left.text);
    else bindings.set(left.text, value);
    seen.add(left.text);
  }
  return bindings;
}

function toValue(node: Node, offset: number, bindings?: Bindings): PyValue {
  const literal = literalOf(node);
  return {
    text: node.text,
    literal:
      literal === undefined && node.type === "identifier" ? (bindings?.get(node.text) ?? undefined) : literal,
    start: node.startIndex + offset,
    end: node.endIndex + offset,
  };
}

function enclosing(node: Node): { fn: Node | null; cls: Node | null; isMainGuarded: boolean } {
  let fn: Node | null = null;
  let cls: Node | null = null;
  let isMainGuarded = false;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === "function_definition" && !fn) fn = p;
    if (p.type === "class_definition" && !cls) cls = p;
    if (
      p.type === "if_statement" &&
      /__name__\s*==\s*['"]__main__['"]/.test(p.childForFieldName("condition")?.text ?? "")
    )
      isMainGuarded = true;
  }
  return { fn, cls, isMainGuarded };
}

function bodyStatements(fn: Node): Node[] {
  const body = fn.childForFieldName("body");
  return (body?.namedChildren ?? []).filter(
    (s): s is Node =>
      s !== null &&
      s.type !== "comment" &&
      !(s.type === "expression_statement" && s.firstNamedChild?.type === "string"),
  );
}

function comparedLiterals(condition: Node): string[] | null {
  // Accept `a == lit`, `lit == a`, `a in (lit, …)`, joined by `and`/`or`.
  if (condition.type === "boolean_operator") {
    const left = condition.childForFieldName("left");
    const right = condition.childForFieldName("right");
    const a = left ? comparedLiterals(left) : null;
    const b = right ? comparedLiterals(right) : null;
    return a && b ? [...a, ...b] : null;
  }
  if (condition.type === "parenthesized_expression" && condition.firstNamedChild)
    return comparedLiterals(condition.firstNamedChild);
  if (condition.type !== "comparison_operator") return null;
  const operands = condition.namedChildren.filter((c): c is Node => c !== null);
  const operators = condition.children.filter((c) => c && !c.isNamed).map((c) => c?.type);
  if (operands.length !== 2 || !(operators.includes("==") || operators.includes("in"))) return null;
  const literal = operands.find(isLiteral);
  const collection = operands.find((o) => o.type === "tuple" || o.type === "list");
  if (literal) return [literal.text];
  // `(a, b) == (3, 5)`: the literal tuple's items, compared position by position.
  const literalTuple = operands.find(
    (o) =>
      o.type === "tuple" && o.namedChildren.length > 0 && o.namedChildren.every((c) => c && isLiteral(c)),
  );
  if (
    operators.includes("==") &&
    literalTuple &&
    operands.some((o) => o.id !== literalTuple.id && o.type === "tuple")
  )
    return literalTuple.namedChildren.map((c) => c?.text ?? "");
  if (collection?.namedChildren.every((c) => c && isLiteral(c)))
    return collection.namedChildren.map((c) => c?.text ?? "");
  if (operands.some((o) => o.type === "tuple") && operands.some((o) => o.type === "identifier")) return null;
  return null;
}

export function analyzePython(code: string, offset = 0): PythonFacts {
  const empty: PythonFacts = {
    calls: [],
    assignments: [],
    functions: [],
    literalBranches: [],
    literalTables: [],
    imports: [],
    hasErrors: true,
  };
  return (
    withTree("python", code, (tree) => {
      const root = tree.rootNode;
      const facts: PythonFacts = {
        ...empty,
        calls: [],
        assignments: [],
        functions: [],
        literalBranches: [],
        literalTables: [],
        imports: [],
        hasErrors: root.hasError,
      };
      const bindings = bindingsOf(root);
      for (const call of root.descendantsOfType("call")) {
        if (!call) continue;
        const fnNode = call.childForFieldName("function");
        const argsNode = call.childForFieldName("arguments");
        if (!fnNode) continue;
        const args: PyValue[] = [];
        const kwargs: Record<string, PyValue> = {};
        for (const arg of argsNode?.namedChildren ?? []) {
          if (!arg) continue;
          if (arg.type === "keyword_argument") {
            const name = arg.childForFieldName("name")?.text;
            const value = arg.childForFieldName("value");
            if (name && value) kwargs[name] = toValue(value, offset, bindings);
          } else if (arg.type !== "comment") args.push(toValue(arg, offset, bindings));
        }
        const where = enclosing(call);
        facts.calls.push({
          callee: fnNode.text.replace(/\s+/g, ""),
          args,
          kwargs,
          start: call.startIndex + offset,
          end: call.endIndex + offset,
          inFunction: where.fn?.childForFieldName("name")?.text ?? null,
          isMainGuarded: where.isMainGuarded,
          receiverPath:
            fnNode.type === "attribute" ? stringOf(fnNode.childForFieldName("object"), bindings) : null,
        });
      }
      for (const assignment of root.descendantsOfType(["assignment", "augmented_assignment"])) {
        const left = assignment?.childForFieldName("left");
        const right = assignment?.childForFieldName("right");
        if (!assignment || !left) continue;
        facts.assignments.push({
          target: left.text.replace(/\s+/g, ""),
          value: right?.text ?? "",
          start: assignment.startIndex + offset,
          end: assignment.endIndex + offset,
        });
      }
      for (const fn of root.descendantsOfType("function_definition")) {
        if (!fn) continue;
        const statements = bodyStatements(fn);
        const only =
          statements.length === 1 && statements[0].type === "return_statement" ? statements[0] : null;
        const cls = enclosing(fn).cls;
        facts.functions.push({
          name: fn.childForFieldName("name")?.text ?? "",
          className: cls?.childForFieldName("name")?.text ?? null,
          onlyReturn: only ? (only.firstNamedChild?.text ?? "None") : null,
          start: fn.startIndex + offset,
          end: fn.endIndex + offset,
          assigns: fn
            .descendantsOfType(["assignment", "augmented_assignment"])
            .map((a) => a?.childForFieldName("left")?.text ?? "")
            .filter(Boolean),
          calls: fn
            .descendantsOfType("call")
            .map((c) => c?.childForFieldName("function")?.text ?? "")
            .filter(Boolean),
        });
      }
      for (const branch of root.descendantsOfType(["if_statement", "elif_clause"])) {
        const condition = branch?.childForFieldName("condition");
        const consequence = branch?.childForFieldName("consequence");
        if (!branch || !condition || !consequence) continue;
        const compared = comparedLiterals(condition);
        const first = consequence.namedChildren.find((c) => c && c.type !== "comment");
        const returned =
          first?.type === "return_statement"
            ? first.firstNamedChild
            : first?.type === "expression_statement" &&
                first.firstNamedChild?.type === "call" &&
                /^print$/.test(first.firstNamedChild.childForFieldName("function")?.text ?? "")
              ? first.firstNamedChild.childForFieldName("arguments")?.firstNamedChild
              : null;
        if (compared && returned && isLiteral(returned))
          facts.literalBranches.push({
            compared,
            returned: returned.text,
            start: branch.startIndex + offset,
            end: consequence.endIndex + offset,
          });
      }
      for (const dict of root.descendantsOfType("dictionary")) {
        if (!dict) continue;
        const pairs = dict.namedChildren.filter((c) => c?.type === "pair");
        if (pairs.length < 3) continue;
        const keys: string[] = [];
        const literalPairs: [string, string][] = [];
        const allLiteral = pairs.every((p) => {
          const key = p?.childForFieldName("key");
          const value = p?.childForFieldName("value");
          if (!key || !value) return false;
          const keyIsLiteral =
            isLiteral(key) || (key.type === "tuple" && key.namedChildren.every((c) => c && isLiteral(c)));
          if (keyIsLiteral) keys.push(key.text);
          if (keyIsLiteral && isLiteral(value)) literalPairs.push([key.text, value.text]);
          return keyIsLiteral && isLiteral(value);
        });
        if (allLiteral)
          facts.literalTables.push({
            size: pairs.length,
            keys,
            pairs: literalPairs,
            start: dict.startIndex + offset,
            end: dict.endIndex + offset,
          });
      }
      for (const node of root.descendantsOfType(["import_statement", "import_from_statement"])) {
        if (node) facts.imports.push(node.text);
      }
      return facts;
    }) ?? empty
  );
}
