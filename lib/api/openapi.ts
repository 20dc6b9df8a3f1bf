import { createHash } from "node:crypto";
import { z } from "zod";
import { CATALOG_OPERATIONS } from "@/lib/catalog/api-schemas";
import { ENVIRONMENT_OPERATIONS } from "@/lib/environments/api-schemas";
import { ATTACK_OPERATIONS } from "@/lib/grader-attacks/api-schemas";
import { IMPORT_OPERATIONS } from "@/lib/imports/api-schemas";
import { JOB_OPERATIONS } from "@/lib/jobs/api-schemas";
import { JUDGE_OPERATIONS } from "@/lib/judges/api-schemas";
import { REVIEW_OPERATIONS } from "@/lib/labels/api-schemas";
import { MCP_OPERATIONS } from "@/lib/mcp/api-schemas";
import { API_RULES, type ApiRoute } from "@/lib/permissions/routes";
import { PIPELINE_OPERATIONS } from "@/lib/pipeline/api-schemas";
import { PROVIDER_OPERATIONS } from "@/lib/providers/api-schemas";
import { REPORT_OPERATIONS } from "@/lib/reports/api-schemas";
import { ROLLOUT_OPERATIONS } from "@/lib/rollouts/api-schemas";
import { RUN_OPERATIONS } from "@/lib/runs/api-schemas";
import { SCANNER_OPERATIONS } from "@/lib/scanners/api-schemas";
import { EXPORT_OPERATIONS } from "@/lib/versions/api-schemas";

// The OpenAPI 3.1 document of /api/v1, built from the same zod schemas the routes use.
// Every /api/v1 route in the rule table must have an operation here (openapi.test.ts checks it).
// Explicit imports, not registration by side effect: each route is bundled apart in Next.

export type ApiOperation = {
  summary: string;
  description?: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyContentType?: string;
  response: z.ZodType;
};

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

export type ApiOperations = Partial<Record<ApiRoute, ApiOperation>>;

const ACCOUNT_OPERATIONS: ApiOperations = {
  "GET /api/v1/me": {
    summary: "The workspace and role the caller acts in",
    response: z.object({
      workspace: z.object({ slug: z.string(), name: z.string() }),
      role: z.enum(["owner", "author", "reviewer", "buyer"]),
    }),
  },
  "GET /api/v1/openapi.json": {
    summary: "This document",
    response: z.object({ openapi: z.string() }).loose(),
  },
};

/** Each domain describes its routes next to their schemas (lib/<domain>/api-schemas.ts). */
const OPERATIONS: ApiOperations = {
  ...ACCOUNT_OPERATIONS,
  ...ENVIRONMENT_OPERATIONS,
  ...IMPORT_OPERATIONS,
  ...ROLLOUT_OPERATIONS,
  ...SCANNER_OPERATIONS,
  ...RUN_OPERATIONS,
  ...REVIEW_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...EXPORT_OPERATIONS,
  ...ATTACK_OPERATIONS,
  ...CATALOG_OPERATIONS,
  ...PROVIDER_OPERATIONS,
  ...JOB_OPERATIONS,
  ...PIPELINE_OPERATIONS,
  ...JUDGE_OPERATIONS,
  ...MCP_OPERATIONS,
};

type JsonSchema = Record<string, unknown>;

/**
 * Shared schemas of the document (`components.schemas`). zod leaves a recursive schema (the JSON
 * values of checks) in a `$defs` beside the schema it converts, with `#/$defs/…` references that
 * resolve against the document's root, where no `$defs` is. Each such definition is hoisted here,
 * named by its zod id when it has one, else by its content, and its references are rewritten.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly nameOfContent = new Map<string, string>();

  convert(schema: z.ZodType): JsonSchema {
    const { $defs, ...converted } = z.toJSONSchema(schema, {
      io: "input",
      unrepresentable: "any",
      override: describeAnyJson,
    }) as JsonSchema;
    const renames = new Map<string, string>();
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    for (const [key, def] of Object.entries(defs)) renames.set(key, this.nameFor(key, def, defs));
    for (const [key, def] of Object.entries(defs)) {
      const name = renames.get(key) as string;
      this.schemas[name] ??= rewriteRefs(def, renames) as JsonSchema;
    }
    return rewriteRefs(converted, renames) as JsonSchema;
  }

  /** The schemas that `root` references, directly or through other schemas; the rest are dropped. */
  referencedFrom(root: unknown): Record<string, JsonSchema> {
    const kept: Record<string, JsonSchema> = {};
    const pending = listComponentRefs(root);
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (kept[name] || !this.schemas[name]) continue;
      kept[name] = this.schemas[name];
      pending.push(...listComponentRefs(kept[name]));
    }
    return kept;
  }

  private nameFor(key: string, def: JsonSchema, defs: Record<string, JsonSchema>): string {
    // The content with its own references made position-free, so the same schema gets one name.
    const content = JSON.stringify(def).replace(/"#\/\$defs\/([^"]+)"/g, (_, ref: string) =>
      ref === key ? '"#self"' : JSON.stringify(defs[ref] ?? ref),
    );
    const known = this.nameOfContent.get(content);
    if (known) return known;
    const hash = createHash("sha256").update(content).digest("hex").slice(0, 8);
    const base = key.startsWith("__schema") ? `Schema${hash}` : key.replace(/[^A-Za-z0-9._-]/g, "_");
    const name = this.schemas[base] === undefined ? base : `${base}_${hash}`;
    this.nameOfContent.set(content, name);
    return name;
  }
}

/**
 * A schema whose zod id is `JsonValue` (`z.json()`: any JSON value) is written as the schema that
 * accepts anything. Its recursive form (a union holding arrays of itself) makes the types that
 * openapi-typescript generates refer to themselves, which TypeScript refuses.
 */
function describeAnyJson(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  if (z.globalRegistry.get(context.zodSchema as z.ZodType)?.id !== "JsonValue") return;
  for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
  context.jsonSchema.description = "Any JSON value";
}

function listComponentRefs(value: unknown, names: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) listComponentRefs(item, names);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith("#/components/schemas/"))
        names.push(item.slice("#/components/schemas/".length));
      else listComponentRefs(item, names);
    }
  return names;
}

function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renames));
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    const ref = key === "$ref" && typeof item === "string" ? /^#\/\$defs\/(.+)$/.exec(item) : null;
    out[key] = ref ? `#/components/schemas/${renames.get(ref[1]) ?? ref[1]}` : rewriteRefs(item, renames);
  }
  return out;
}

export function listOperations(): ApiOperations {
  return OPERATIONS;
}

export function buildOpenApiDocument() {
  const components = new SchemaComponents();
  const toSchema = (schema: z.ZodType) => components.convert(schema);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of Object.keys(API_RULES) as ApiRoute[]) {
    const [method, path] = route.split(" ");
    if (!path.startsWith("/api/v1")) continue;
    const operation = OPERATIONS[route];
    if (!operation) continue;
    const openApiPath = path.replace(/\[(\w+)\]/g, "{$1}");
    const pathParams = [...path.matchAll(/\[(\w+)\]/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const queryParams = operation.query
      ? Object.entries(operation.query.shape).map(([name, schema]) => ({
          name,
          in: "query",
          required: !(schema as z.ZodType).safeParse(undefined).success,
          schema: toSchema(schema as z.ZodType),
        }))
      : [];
    paths[openApiPath] ??= {};
    paths[openApiPath][method.toLowerCase()] = {
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      security: API_RULES[route] === "public" ? [] : [{ bearer: [] }, { session: [] }],
      parameters: [...pathParams, ...queryParams],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: {
                [operation.bodyContentType ?? "application/json"]: { schema: toSchema(operation.body) },
              },
            },
          }
        : {}),
      responses: {
        "200": {
          description: "OK",
          content: { "application/json": { schema: toSchema(operation.response) } },
        },
        default: { description: "Error", content: { "application/json": { schema: toSchema(errorSchema) } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Environment Studio API",
      version: "1",
      description:
        'Errors are {"error":{"code","message"}}. Lists are {"items","nextCursor"} with ?limit= (max 200) and ?cursor=.',
    },
    components: {
      schemas: components.referencedFrom(paths),
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key from Settings → API keys" },
        session: { type: "apiKey", in: "cookie", name: "studio_session" },
      },
    },
    paths,
  };
}
