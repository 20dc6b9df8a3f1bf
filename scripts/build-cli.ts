// Bundles the `studio` command (lib/cli/entry.ts and everything it imports from lib/ and db/) into ES
// modules, so `studio --help` starts in a fraction of a second instead of compiling TypeScript
// through tsx at every run. The bundle is split: dist/cli/studio.mjs holds the command declarations
// (commander and leaf modules), and what each command imports when it runs (lib/cli/*-command.ts)
// sits in chunks under dist/cli/chunks/ that load only then. Packages are bundled as well (see below); `server-only` resolves with the
// react-server condition, as in Next's server. bin/studio.mjs runs the bundle
// while it is newer than every source it was built from, else falls back to tsx.
// Commands registered in lib/cli/ are picked up by the bundle with no list to keep here.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/**
 * Each source keeps its own `import.meta.url` (db/migrate.ts finds its migrations next to itself),
 * instead of the bundle's: the bundle runs in place, from the repository it was built in.
 */
const keepModuleUrls: Plugin = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      return {
        contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};

const KEEP_EXTERNAL =
  /^(@electric-sql\/|esbuild$|tsx$|next$|react|@biomejs|@playwright|vitest|vite$|drizzle-kit|monaco|@monaco|unpdf|pg-boss)/;

export const CLI_BUNDLE = path.join("dist", "cli", "studio.mjs");
/** Next to the bundle: the source files it was built from (bin/studio.mjs reads it). */
export const CLI_SOURCES = "sources.json";

export async function buildCli(root = process.cwd(), outfile = path.join(root, CLI_BUNDLE)): Promise<void> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  // Packages are bundled too (one file to parse starts far faster than hundreds to resolve), except
  // those that load files of their own at runtime (WASM, data) and the build tools.
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => KEEP_EXTERNAL.test(name))
    .flatMap((name) => [name, `${name}/*`]);
  const outdir = path.dirname(outfile);
  // The sources list goes first, so bin/studio.mjs takes the bundle as stale (and runs the sources)
  // until this build has written it whole: `npm test` builds while other tests run the command.
  fs.rmSync(path.join(outdir, CLI_SOURCES), { force: true });
  // Chunks are named by content hash: clear the last build's, or they would pile up.
  fs.rmSync(path.join(outdir, "chunks"), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: { [path.basename(outfile, ".mjs")]: path.join(root, "lib/cli/entry.ts") },
    outdir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["react-server"],
    external,
    tsconfig: path.join(root, "tsconfig.json"),
    // Bundled CommonJS helpers may call require(); give each ES module (entry and chunks) one.
    banner: {
      js: "import { createRequire as __studioRequire } from 'node:module'; const require = __studioRequire(import.meta.url);",
    },
    plugins: [keepModuleUrls],
    logLevel: "warning",
    legalComments: "none",
  });
  // The sources the bundle was built from, for bin/studio.mjs: it runs the bundle while none of them
  // is newer (statting these few hundred files is faster than walking lib/ and db/ at every start).
  const sources = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes("node_modules/") && !input.includes(":"))
    .map((input) => path.relative(root, path.resolve(root, input)));
  fs.writeFileSync(
    path.join(outdir, CLI_SOURCES),
    JSON.stringify([...sources, "package-lock.json", "tsconfig.json"].sort()),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildCli();
  console.log(`Built the studio command: ${CLI_BUNDLE}`);
}
