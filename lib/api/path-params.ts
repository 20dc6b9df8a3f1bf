import { z } from "zod";

// Every path parameter of /api routes is parsed by its name, before the handler runs: `[id]` is a
// UUID, `[slug]` an environment slug, `[n]` a version number. A value that can't be one answers 404
// (a malformed id names nothing), so no handler ever sends a malformed id to the database.
// A new route with a new parameter name adds its schema here; unlisted names are short plain text.

const text = z
  .string()
  .min(1)
  .max(500)
  .refine(
    (value) => ![...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
    "No control characters.",
  );
const positiveInt = z.coerce.number().int().min(1).max(2_147_483_647);

export const PATH_PARAMS = {
  id: z.uuid(),
  fileId: z.uuid(),
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  n: positiveInt,
  revision: positiveInt,
  key: text,
} as const;

type KnownParam = keyof typeof PATH_PARAMS;

/** The parameter names of a route such as `GET /api/v1/tasks/[id]/files/[fileId]`. */
export type ParamNames<P extends string> = P extends `${string}[${infer Name}]${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

export type PathParams<R extends string> = {
  [K in ParamNames<R>]: K extends KnownParam ? z.output<(typeof PATH_PARAMS)[K]> : string;
};

export function paramSchema(name: string): z.ZodType {
  return (PATH_PARAMS as Record<string, z.ZodType>)[name] ?? text;
}

/** The parameter names in the order they appear in the route. */
export function listParamNames(route: string): string[] {
  return [...route.matchAll(/\[(\w+)\]/g)].map((m) => m[1]);
}
