"use server";

import { revalidatePath } from "next/cache";
import { assertCan } from "@/lib/auth/context";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formText } from "@/lib/form-fields";
import {
  deployLlmScanner as deployLlmScannerVerb,
  setLlmScannerBar as setLlmScannerBarVerb,
} from "./llm/deploy-llm-scanner";
import { configureLlmScanner as configureLlmScannerVerb } from "./llm/llm-versions";
import type { StartLlmScanInput } from "./llm/schemas";
import { startLlmScan as startLlmScanVerb } from "./llm/start-llm-scan";
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

/** Scans the workspace's unscanned (and stale) rollouts now (the background scanner does it too, a little later). */
export async function scanPendingNow() {
  return runAction("scanPendingNow", async (session) => {
    const ctx = requireCtx(session);
    assertCan(ctx, "scanners.run");
    const total = await scanAllPendingRollouts({ workspaceId: ctx.workspace.id });
    revalidatePath("/scanners");
    revalidatePath("/rollouts", "layout");
    return { scanned: total.scanned, flagged: total.flagged, rescanned: total.rescanned };
  });
}

/** Freezes the LLM scanner's configuration as a version (or finds the identical one). */
export async function configureLlmScanner(_prev: unknown, form: FormData) {
  return runAction("configureLlmScanner", async (session) => {
    const { version, isNew } = await configureLlmScannerVerb({
      ctx: requireCtx(session),
      input: {
        provider: formText(form, "provider"),
        question: formText(form, "question"),
        temperature: formText(form, "temperature") || undefined,
        maxTokens: formText(form, "maxTokens") || undefined,
      },
    });
    revalidatePath("/scanners");
    return { version: version.version, isNew };
  });
}

/** Deploys an LLM scanner version through the calibration gate. */
export async function deployLlmScanner(_prev: unknown, form: FormData) {
  return runAction("deployLlmScanner", async (session) => {
    const deployed = await deployLlmScannerVerb({
      ctx: requireCtx(session),
      versionId: formText(form, "versionId"),
    });
    revalidatePath("/scanners");
    return { version: deployed.version };
  });
}

/** Owners set the bar an LLM scanner version must clear on the held-out split before Deploy. */
export async function setLlmScannerBar(_prev: unknown, form: FormData) {
  return runAction("setLlmScannerBar", async (session) => {
    const bar = await setLlmScannerBarVerb({
      ctx: requireCtx(session),
      input: {
        versionId: formText(form, "versionId"),
        minKappaLower: formText(form, "minKappaLower"),
        minHeldOut: formText(form, "minHeldOut"),
      },
    });
    revalidatePath("/scanners");
    return bar;
  });
}

/** Calibrates a version, or runs the deployed one, as a background job. */
export async function startLlmScan(input: StartLlmScanInput) {
  return runAction("startLlmScan", async (session) => {
    const started = await startLlmScanVerb({ ctx: requireCtx(session), input });
    revalidatePath("/scanners");
    return { jobId: started.job.id, version: started.version };
  });
}
