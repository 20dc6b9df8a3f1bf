import type { z } from "zod";

/** `"messages.3.role": expected string` from a zod error: the first issue is enough to find the problem. */
export function describeZodIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid shape";
  return issue.path.length > 0 ? `"${issue.path.join(".")}": ${issue.message}` : issue.message;
}
