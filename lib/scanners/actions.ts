"use server";

import { revalidatePath } from "next/cache";
import { assertCan } from "@/lib/auth/context";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { reviewFlag as reviewFlagVerb } from "./review-flag";
import { scanAllPendingRollouts } from "./scan-rollouts";
import type { ReviewFlagInput, UpdateSignatureSettingInput } from "./schemas";
import { updateSignatureSetting as updateSignatureSettingVerb } from "./update-signature-setting";

// Server actions of the scanners domain. Each is a public endpoint: runAction checks its rule, the
// verb checks the permission again and parses its input with zod.

export async function reviewFlag(input: ReviewFlagInput) {
  return runAction("reviewFlag", async (session) => {
    const review = await reviewFlagVerb({ ctx: requireCtx(session), input });
    revalidatePath("/rollouts", "layout");
    revalidatePath("/review", "layout");
    return review;
  });
}

export async function updateSignatureSetting(input: UpdateSignatureSettingInput) {
  return runAction("updateSignatureSetting", async (session) => {
    const result = await updateSignatureSettingVerb({ ctx: requireCtx(session), input });
    revalidatePath("/scanners");
    revalidatePath("/rollouts", "layout");
    return result;
  });
}

/** Scans the workspace's unscanned rollouts now (the background scanner does it too, a little later). */
export async function scanPendingNow() {
  return runAction("scanPendingNow", async (session) => {
    const ctx = requireCtx(session);
    assertCan(ctx, "scanners.run");
    const total = await scanAllPendingRollouts({ workspaceId: ctx.workspace.id });
    revalidatePath("/scanners");
    revalidatePath("/rollouts", "layout");
    return { scanned: total.scanned, flagged: total.flagged };
  });
}
