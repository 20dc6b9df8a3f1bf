import type { Ctx } from "@/lib/auth/context";
import { can } from "@/lib/permissions/rules";

// Who reads a task's hidden material (answer key, solutions, check expectations, golden examples,
// test scripts): owners and authors always; reviewers while reviewing, unless the environment turns
// that off; buyers never. Every query that could return hidden material asks this first and then
// doesn't select it at all, so a denied role never receives it.

export function canReadAnswerKeys(ctx: Ctx, environment: { reviewersSeeAnswerKeys: boolean }): boolean {
  if (can(ctx.role, "answer-keys.read")) return true;
  return can(ctx.role, "answer-keys.review") && environment.reviewersSeeAnswerKeys;
}
