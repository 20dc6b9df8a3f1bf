import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Language, Parser, type Tree } from "web-tree-sitter";

// Tree-sitter through web-tree-sitter, with the bash and Python grammars' WASM files that the
// tree-sitter-bash and tree-sitter-python npm packages ship: no native build, nothing downloaded.
// Loading is async and happens once per process (loadGrammars); parsing afterwards is synchronous.

type Grammars = { bash: Parser; python: Parser };

let grammars: Grammars | null = null;
let loading: Promise<Grammars> | null = null;

/** The installed file of a package, found from this module or, in a bundled server, from the cwd. */
function resolvePackageFile(specifier: string): string {
  const candidates: string[] = [];
  try {
    candidates.push(createRequire(import.meta.url).resolve(specifier));
  } catch {
    // Bundlers may rewrite import.meta.url; the project's node_modules is the fallback.
  }
  candidates.push(path.join(process.cwd(), "node_modules", specifier));
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Cannot find ${specifier}: is it installed?`);
  return found;
}

async function load(): Promise<Grammars> {
  const runtime = resolvePackageFile("web-tree-sitter/tree-sitter.wasm");
  await Parser.init({ locateFile: () => runtime });
  const [bashLanguage, pythonLanguage] = await Promise.all([
    Language.load(resolvePackageFile("tree-sitter-bash/tree-sitter-bash.wasm")),
    Language.load(resolvePackageFile("tree-sitter-python/tree-sitter-python.wasm")),
  ]);
  const bash = new Parser();
  bash.setLanguage(bashLanguage);
  const python = new Parser();
  python.setLanguage(pythonLanguage);
  return { bash, python };
}

/** Loads the grammars (once); scanners call this before scanning. */
export async function loadGrammars(): Promise<void> {
  if (grammars) return;
  loading ??= load();
  grammars = await loading;
}

function ready(): Grammars {
  if (!grammars) throw new Error("Call loadGrammars() before parsing");
  return grammars;
}

/** Parses, hands the tree to `use`, and frees the tree's WASM memory afterwards. */
export function withTree<T>(language: keyof Grammars, source: string, use: (tree: Tree) => T): T | null {
  const tree = ready()[language].parse(source);
  if (!tree) return null;
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}
