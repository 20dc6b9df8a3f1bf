"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { createJudge as createJudgeVerb } from "./create-judge";
import { deployJudgeVersion, setCalibrationBar as setCalibrationBarVerb } from "./deploy-judge";
import { listJudgingChoices as listJudgingChoicesQuery } from "./judging-choices";
import type { TryJudgeInput } from "./schemas";
import type { StartJudgingInput } from "./start-judging";
import { startJudging as startJudgingVerb } from "./start-judging";
import { tryJudge as tryJudgeVerb } from "./try-judge";

// Server actions for judges. Each is a public endpoint: runAction checks its rule first.

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function createJudge(_prev: unknown, form: FormData) {
  return runAction("createJudge", async (session) => {
    const slug = text(form, "environment");
    const criteria = text(form, "criteria").trim();
    const judge = await createJudgeVerb({
      ctx: requireCtx(session),
      environmentSlug: slug,
      input: {
        name: text(form, "name"),
        provider: text(form, "provider"),
        panel: form
          .getAll("panel")
          .map(String)
          .filter((p) => p && p !== text(form, "provider")),
        criteria: criteria ? criteria.split(/[\s,]+/).filter(Boolean) : "all",
        template: text(form, "template"),
        temperature: text(form, "temperature") || undefined,
        maxTokens: text(form, "maxTokens") || undefined,
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
      versionId: text(form, "versionId"),
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
        judgeId: text(form, "judgeId"),
        minKappaLower: text(form, "minKappaLower"),
        minHeldOut: text(form, "minHeldOut"),
      },
    });
    revalidatePath("/environments", "layout");
    return bar;
  });
}

export async function cancelJudgeJob(_prev: unknown, form: FormData) {
  return runAction("cancelJudgeJob", async (session) => {
    const job = await cancelJob({ ctx: requireCtx(session), id: text(form, "jobId") });
    revalidatePath("/environments", "layout");
    return { status: job.status };
  });
}
