"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formText } from "@/lib/form-fields";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { createJudge as createJudgeVerb } from "./create-judge";
import { deployJudgeVersion, setCalibrationBar as setCalibrationBarVerb } from "./deploy-judge";
import { listJudgingChoices as listJudgingChoicesQuery } from "./judging-choices";
import type { TryJudgeInput } from "./schemas";
import type { StartJudgingInput } from "./start-judging";
import { startJudging as startJudgingVerb } from "./start-judging";
import { tryJudge as tryJudgeVerb } from "./try-judge";

// Server actions for judges. Each is a public endpoint: runAction checks its rule first.

export async function createJudge(_prev: unknown, form: FormData) {
  return runAction("createJudge", async (session) => {
    const slug = formText(form, "environment");
    const criteria = formText(form, "criteria").trim();
    const judge = await createJudgeVerb({
      ctx: requireCtx(session),
      environmentSlug: slug,
      input: {
        name: formText(form, "name"),
        provider: formText(form, "provider"),
        panel: form
          .getAll("panel")
          .map(String)
          .filter((p) => p && p !== formText(form, "provider")),
        criteria: criteria ? criteria.split(/[\s,]+/).filter(Boolean) : "all",
        template: formText(form, "template"),
        temperature: formText(form, "temperature") || undefined,
        maxTokens: formText(form, "maxTokens") || undefined,
      },
    });
    revalidatePath(`/environments/${slug}/judges`);
    return judge;
  });
}

export async function tryJudge(input: TryJudgeInput) {
  return runAction("tryJudge", async (session) => tryJudgeVerb({ ctx: requireCtx(session), input }));
}

export async function startJudging(input: StartJudgingInput) {
  return runAction("startJudging", async (session) => {
    const started = await startJudgingVerb({ ctx: requireCtx(session), input });
    revalidatePath("/environments", "layout");
    return started;
  });
}

export async function listJudgingChoices(filter: Record<string, string>) {
  return runAction("listJudgingChoices", async (session) =>
    listJudgingChoicesQuery({ ctx: requireCtx(session), filter }),
  );
}

export async function deployJudge(_prev: unknown, form: FormData) {
  return runAction("deployJudge", async (session) => {
    const deployed = await deployJudgeVersion({
      ctx: requireCtx(session),
      versionId: formText(form, "versionId"),
    });
    revalidatePath("/environments", "layout");
    return { version: deployed.version };
  });
}

export async function setCalibrationBar(_prev: unknown, form: FormData) {
  return runAction("setCalibrationBar", async (session) => {
    const bar = await setCalibrationBarVerb({
      ctx: requireCtx(session),
      input: {
        judgeId: formText(form, "judgeId"),
        minKappaLower: formText(form, "minKappaLower"),
        minHeldOut: formText(form, "minHeldOut"),
      },
    });
    revalidatePath("/environments", "layout");
    return bar;
  });
}

export async function cancelJudgeJob(_prev: unknown, form: FormData) {
  return runAction("cancelJudgeJob", async (session) => {
    const job = await cancelJob({ ctx: requireCtx(session), id: formText(form, "jobId") });
    revalidatePath("/environments", "layout");
    return { status: job.status };
  });
}
