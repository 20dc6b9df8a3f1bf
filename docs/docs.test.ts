import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { listCommandPaths, registerCommands } from "@/lib/cli/commands";
import { createProgram } from "@/lib/cli/program";

// A newcomer has the repository and nothing else: the README and docs link only files inside it,
// docs/api-and-cli.md documents every `studio` command, and the OpenAPI document cites no file
// the repository doesn't hold (it used to say "CONTRACT.md's body", a file outside it).

const root = process.cwd();
const DOCS = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Targets of markdown links `[text](target)`, without #anchors. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1].split("#")[0]).filter(Boolean);
}

describe("the README and docs", () => {
  it.each(DOCS)("%s links only web pages and files inside the repository", (file) => {
    for (const target of linkTargets(read(file))) {
      if (/^https?:\/\//.test(target)) continue;
      const resolved = path.resolve(root, path.dirname(file), target);
      expect(
        resolved.startsWith(`${root}${path.sep}`),
        `${file} links ${target}, outside the repository`,
      ).toBe(true);
      expect(fs.existsSync(resolved), `${file} links ${target}, which does not exist`).toBe(true);
    }
  });

  it("point a newcomer at the CLI and API reference", () => {
    const readme = read("README.md");
    expect(linkTargets(readme)).toContain("docs/api-and-cli.md");
    expect(readme).toContain("/api/v1/openapi.json");
    expect(readme).not.toMatch(/CONTRACT\.md/);
  });

  it("document every studio command in docs/api-and-cli.md", () => {
    const doc = read("docs/api-and-cli.md");
    const commands = listCommandPaths(registerCommands(createProgram()));
    expect(commands.length).toBeGreaterThan(8);
    const missing = commands.filter((command) => !doc.includes(`\`studio ${command}`));
    expect(missing, "commands missing from the command table").toEqual([]);
  });

  it("list in docs/api-and-cli.md only routes the OpenAPI document has", () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
    const doc = read("docs/api-and-cli.md");
    const routes = [...doc.matchAll(/`(GET|POST|PATCH|PUT|DELETE) (\/api\/v1\/[^`?\s]*)/g)];
    expect(routes.length).toBeGreaterThan(10);
    for (const [, method, route] of routes) {
      expect(paths[route]?.[method.toLowerCase()], `${method} ${route}`).toBeDefined();
    }
  });
});

describe("the OpenAPI document", () => {
  it("cites no file a newcomer doesn't have", () => {
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text.match(/.{0,60}(CONTRACT|\.\.\/shared).{0,20}/g) ?? []).toEqual([]);
  });
});
