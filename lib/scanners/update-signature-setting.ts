import "server-only";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { flagReviews, flags, scannerSettings } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { FLAG_SEVERITIES } from "@/lib/values/scanner-values";
import { SIGNATURE_IDS } from "./catalog";
import { LLM_SCANNER_INFO } from "./llm-info";
import { type UpdateSignatureSettingInput, updateSignatureSettingInput } from "./schemas";

// An owner switches a signature off or caps its severity. Existing flags follow at once: switching
// off removes the signature's flags no reviewer has reviewed yet (reviewed ones stay, they are
// evidence of the measurement), a cap lowers the severity of flags above it. Future scans apply it.

export async function updateSignatureSetting({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: UpdateSignatureSettingInput;
}) {
  assertCan(ctx, "scanners.manage");
  const data = parseInput(updateSignatureSettingInput, input);
  if (!SIGNATURE_IDS.includes(data.signature) && data.signature !== LLM_SCANNER_INFO.id)
    throw new AppError("invalid", `No signature “${data.signature}”.`);
  return runInTransaction(ctx, async (tx) => {
    await tx
      .insert(scannerSettings)
      .values({
        workspaceId: ctx.workspace.id,
        signature: data.signature,
        isEnabled: data.isEnabled,
        severity: data.severity,
        updatedById: actorUserId(ctx.actor),
      })
      .onConflictDoUpdate({
        target: [scannerSettings.workspaceId, scannerSettings.signature],
        set: {
          isEnabled: data.isEnabled,
          severity: data.severity,
          updatedById: actorUserId(ctx.actor),
          updatedAt: new Date(),
        },
      });
    const ofSignature = and(eq(flags.workspaceId, ctx.workspace.id), eq(flags.signature, data.signature));
    let removed = 0;
    let lowered = 0;
    if (!data.isEnabled) {
      const gone = await tx
        .delete(flags)
        .where(
          and(
            ofSignature,
            notExists(tx.select({ one: sql`1` }).from(flagReviews).where(eq(flagReviews.flagId, flags.id))),
          ),
        )
        .returning({ id: flags.id });
      removed = gone.length;
    } else if (data.severity) {
      const above = FLAG_SEVERITIES.slice(0, FLAG_SEVERITIES.indexOf(data.severity));
      if (above.length > 0) {
        const changed = await tx
          .update(flags)
          .set({ severity: data.severity })
          .where(and(ofSignature, inArray(flags.severity, above)))
          .returning({ id: flags.id });
        lowered = changed.length;
      }
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "scanner.setting",
      targetType: "signature",
      targetId: null,
      details: {
        signature: data.signature,
        isEnabled: data.isEnabled,
        severity: data.severity,
        removed,
        lowered,
      },
    });
    return { signature: data.signature, removed, lowered };
  });
}
