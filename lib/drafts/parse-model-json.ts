import type { z } from "zod";

/** The JSON object in a model's answer (possibly fenced or wrapped in prose), parsed with `schema`; null when absent or invalid. */
export function parseModelJson<S extends z.ZodType>(answer: string, schema: S): z.output<S> | null {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(answer.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
