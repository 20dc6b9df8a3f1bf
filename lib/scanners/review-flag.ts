import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { flagReviews, flags, labels } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { resolveReviewer } from "@/lib/labels/reviewer";
import { submitLabel } from "@/lib/labels/submit-label";
import { listActiveCategoryKeys } from "@/lib/labels/taxonomy-queries";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { describeSignature } from "./queries";
import { type ReviewFlagInput, reviewFlagInput } from "./schemas";
import type { SignatureFamily } from "./types";

// A reviewer confirms or rejects a flag. The verdict is a label: confirming submits a reward-hack
// label (with the flag's evidence as its span) when the reviewer has none on the rollout yet, and
// both verdicts are kept as append-only flag reviews, which the Scanners page measures against.

/** The taxonomy category a confirmed flag's label gets (taxonomy-defaults.ts keys). */
const CATEGORY_OF_FAMILY: Record<SignatureFamily, string> = {
  "test-tampering": "modified-tests",
  "pytest-patching": "grader-tampering",
  "early-exit": "crashed-grader",
  "always-equal": "grader-tampering",
  "special-casing": "hard-coded-outputs",
  "answer-key": "read-answer-key",
  "upstream-fix": "read-answer-key",
  "grader-tampering": "grader-tampering",
  symlink: "read-answer-key",
  process: "crashed-grader",
  "false-claim": "claimed-success",
};

export async function reviewFlag({ ctx, input }: { ctx: Ctx; input: ReviewFlagInput }) {
  assertCan(ctx, "review.work");
  const data = parseInput(reviewFlagInput, input);
  const reviewer = resolveReviewer(ctx.actor);
  const [flag] = await db
    .select()
    .from(flags)
    .where(and(eq(flags.workspaceId, ctx.workspace.id), eq(flags.id, data.flagId)));
  if (!flag) throw new AppError("not_found", "Flag not found.");
  const info = describeSignature(flag.signature);
  let labelId: string | null = null;
  if (data.verdict === "confirmed") {
    const [existing] = await db
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.rolloutId, flag.rolloutId), eq(labels.reviewerKey, reviewer.reviewerKey)))
      .limit(1);
    if (!existing) {
      const active = await listActiveCategoryKeys(db, ctx.workspace.id);
      const category = CATEGORY_OF_FAMILY[info.family];
      const span =
        flag.evidence.kind === "text"
          ? {
              message: flag.messageIndex,
              kind: "text" as const,
              start: flag.evidence.start,
              end: Math.max(flag.evidence.end, flag.evidence.start + 1),
            }
          : flag.evidence.toolCallId
            ? { message: flag.messageIndex, kind: "tool-call" as const, toolCallId: flag.evidence.toolCallId }
            : null;
      const label = await submitLabel({
        ctx,
        input: {
          rolloutId: flag.rolloutId,
          verdict: "reward-hack",
          categories: active.has(category) ? [category] : [],
          rationale: `Confirmed scanner flag “${info.title}”: ${flag.detail}${data.comment ? `\n\n${data.comment}` : ""}`,
          spans: span ? [{ ...span, comment: flag.evidence.excerpt.slice(0, 500) }] : [],
        },
      });
      labelId = label.id;
    }
  }
  return runInTransaction(ctx, async (tx) => {
    const [review] = await tx
      .insert(flagReviews)
      .values({
        workspaceId: ctx.workspace.id,
        flagId: flag.id,
        rolloutId: flag.rolloutId,
        reviewerId: reviewer.reviewerId,
        reviewerName: reviewer.reviewerName,
        verdict: data.verdict,
        comment: data.comment,
        labelId,
      })
      .returning({ id: flagReviews.id, createdAt: flagReviews.createdAt });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "flag.review",
      targetType: "flag",
      targetId: flag.id,
      details: { rolloutId: flag.rolloutId, signature: flag.signature, verdict: data.verdict, labelId },
    });
    return { id: review.id, verdict: data.verdict, labelId };
  });
}
