import type { z } from "zod";
import { AppError } from "@/lib/errors";

/** Parses input with a zod schema, turning failures into an `invalid` AppError with field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  const first = result.error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  throw new AppError("invalid", `${where}${first?.message ?? "Invalid input."}`, { fieldErrors });
}
