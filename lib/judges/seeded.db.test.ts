import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { judgeVersions, judgments } from "@/db/schema";
import { type StandInProvider, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { buildCalibrationReport } from "./calibration";
import { getJudgeCalibration } from "./calibration-view";
import { createJudge } from "./create-judge";
import { getJudgeEvidence } from "./judge-evidence";
import { ensureCurrentVersion } from "./judge-versions";
import { listJudges } from "./queries";
import { SEEDED_JUDGMENT_MODEL, SEEDED_NOTE } from "./seeded";
import { createJudgeFixture } from "./testing/judge-fixture";

// Figures computed from the demo seed's judgments say so (issue #33, item 4): the judges list, the
// judge's calibration and the judge evidence carry the note; a model's judgments carry none.

let standIn: StandInProvider;
beforeAll(async () => {
  standIn = await startStandInProvider();
});
afterAll(() => standIn.close());

describe("seeded judge figures", () => {
  it("are labelled as seeded wherever a version's figures are read, and only then", async () => {
    const fixture = await createJudgeFixture(standIn);
    const { author, workspace, environment } = fixture;
    const judge = await createJudge({
      ctx: author.ctx,
      environmentSlug: environment.slug,
      input: { name: "grader", provider: fixture.provider.name },
    });
    const version = await ensureCurrentVersion({ ctx: author.ctx, judgeId: judge.id });
    const [first, second] = await Promise.all([fixture.addRollout("a"), fixture.addRollout("b")]);
    const judgment = (rolloutId: string, model: string) => ({
      workspaceId: workspace.id,
      judgeVersionId: version.id,
      rolloutId,
      criterionKey: "correct",
      status: "scored" as const,
      score: 1,
      verdict: "met",
      model,
    });
    // A model's judgment: no note anywhere.
    await db.insert(judgments).values(judgment(first.id, "judge-model"));
    const report = buildCalibrationReport({
      environmentId: environment.id,
      items: Array.from({ length: 120 }, (_, i) => ({
        rolloutId: randomUUID(),
        criterionKey: "correct",
        type: "binary" as const,
        scaleMax: null,
        human: i % 2,
        judge: i % 2,
        isJudged: true,
      })),
    });
    await db
      .update(judgeVersions)
      .set({
        calibration: report as unknown as Record<string, unknown>,
        isCalibrationPassed: true,
        status: "deployed",
        deployedAt: new Date(),
      })
      .where(eq(judgeVersions.id, version.id));
    const readAll = async () => ({
      list: (await listJudges({ ctx: author.ctx, environmentSlug: environment.slug }))[0].versions[0],
      calibration: await getJudgeCalibration({ ctx: author.ctx, judgeId: judge.id }),
      evidence: await getJudgeEvidence(environment.id),
    });
    let read = await readAll();
    expect(read.list).toMatchObject({ status: "deployed", judgments: 1, seededJudgments: 0, seeded: null });
    expect(read.calibration).toMatchObject({ seededJudgments: 0, seeded: null });
    expect(read.evidence).toMatchObject({ status: "calibrated", seeded: null });

    // One judgment stored as the demo seed stores them: every read says the figures are seeded.
    await db.insert(judgments).values(judgment(second.id, SEEDED_JUDGMENT_MODEL));
    read = await readAll();
    expect(SEEDED_NOTE).toBe("seeded demo data: no model was called");
    expect(read.list).toMatchObject({ judgments: 2, seededJudgments: 1, seeded: SEEDED_NOTE });
    expect(read.calibration).toMatchObject({ seededJudgments: 1, seeded: SEEDED_NOTE });
    expect(read.evidence).toMatchObject({ status: "calibrated", seeded: SEEDED_NOTE });
  });
});
