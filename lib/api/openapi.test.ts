import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_RULES } from "@/lib/permissions/routes";
import { buildOpenApiDocument, SchemaComponents } from "./openapi";

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("is OpenAPI 3.1", () => {
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents every /api/v1 route of the rule table", () => {
    for (const route of Object.keys(API_RULES).filter((r) => r.includes("/api/v1"))) {
      const [method, path] = route.split(" ");
      const openApiPath = path.replace(/\[(\w+)\]/g, "{$1}");
      expect(document.paths[openApiPath]?.[method.toLowerCase()], `${route} is not documented`).toBeDefined();
    }
  });

  it("describes path parameters and query filters", () => {
    const importOperation = document.paths["/api/v1/imports"]?.post as { parameters: { name: string }[] };
    expect(importOperation.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["format", "environment", "background"]),
    );
    const run = document.paths["/api/v1/imports/{id}"]?.get as { parameters: { name: string; in: string }[] };
    expect(run.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
  });
});

describe("recursive schemas", () => {
  type Node = { name: string; children: Node[] };
  const node: z.ZodType<Node> = z.object({
    name: z.string(),
    get children() {
      return z.array(node);
    },
  });

  it("are hoisted into components.schemas, once, with their references rewritten", () => {
    const components = new SchemaComponents();
    const first = components.convert(z.object({ root: node }));
    const second = components.convert(z.object({ tree: node }));
    const names = Object.keys(components.schemas);
    expect(names).toHaveLength(1);
    const ref = `#/components/schemas/${names[0]}`;
    expect(JSON.stringify(first)).toContain(ref);
    expect(JSON.stringify(second)).toContain(ref);
    expect(JSON.stringify(components.schemas)).toContain(ref);
    expect(JSON.stringify([first, second, components.schemas])).not.toContain("$defs");
    expect(components.referencedFrom({ schema: first })).toEqual(components.schemas);
    expect(components.referencedFrom({})).toEqual({});
  });
});
