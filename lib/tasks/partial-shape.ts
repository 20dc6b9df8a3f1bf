import { z } from "zod";

// Zod 4 applies `.default()` even under `.optional()`/`.partial()`, so a PATCH body that omits a
// field would reset it to its default. Patches use the fields without their defaults instead.

type WithoutDefaults<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
};

/** The shape with every default removed and every field optional. */
export function toPatchShape<T extends z.ZodRawShape>(shape: T): WithoutDefaults<T> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : (schema as z.ZodType)).optional(),
    ]),
  ) as unknown as WithoutDefaults<T>;
}
