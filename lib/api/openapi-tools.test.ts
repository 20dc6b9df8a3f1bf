import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";

// The served document must work with the tools people feed it to: a maintained OpenAPI validator
// (swagger-parser, which resolves every $ref) and openapi-typescript's typed-client generator.
// Recursive schemas (the JSON values of checks) once left `#/$defs/…` references that pointed nowhere.

async function servedDocument(): Promise<Record<string, unknown>> {
  const response = await GET(new Request("http://127.0.0.1/api/v1/openapi.json"));
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function listRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) listRefs(item, refs);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") refs.push(item);
      else listRefs(item, refs);
    }
  return refs;
}

/** The generated client, compiled alone in memory: it must type-check. */
function typeErrors(source: string): string[] {
  const fileName = "/client/api.d.ts";
  const options: ts.CompilerOptions = { strict: true, noEmit: true, lib: ["lib.es2022.d.ts"], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, language) =>
    name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language);
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    .slice(0, 5);
}

describe("the served OpenAPI document", () => {
  it("passes swagger-parser's validation, every $ref resolved", async () => {
    const document = await servedDocument();
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  }, 60_000);

  it("has no $defs left behind, and every reference names a component schema", async () => {
    const document = await servedDocument();
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    const refs = listRefs(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.slice("#/components/schemas/".length)], ref).toBeDefined();
    }
    expect(JSON.stringify(document)).not.toContain('"$defs"');
  }, 60_000);

  it("generates a typed client with openapi-typescript", async () => {
    const document = await servedDocument();
    const source = astToString(await openapiTS(structuredClone(document) as never));
    expect(source).toContain('"/api/v1/rollouts": {');
    expect(source).toContain("JsonValue:");
    expect(source).not.toMatch(/\$defs\[/);
    expect(typeErrors(source)).toEqual([]);
  }, 60_000);
});
