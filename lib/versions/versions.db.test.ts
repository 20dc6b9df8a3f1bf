import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, environments, environmentVersions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { exportSnapshot } from "@/lib/exports/build-export";
import { parseSnapshot } from "@/lib/exports/snapshot";
import { getTaskChecks } from "@/lib/tasks/check-queries";
import { createTask } from "@/lib/tasks/create-task";
import { dismissFinding } from "@/lib/tasks/dismiss-finding";
import { updateTask } from "@/lib/tasks/update-task";
import { approveEnvironment } from "./approve-environment";
import { chooseSample, removeSample } from "./choose-sample";
import { hashSnapshot } from "./freeze-snapshot";
import { getShipOverview } from "./overview-queries";
import { publishEnvironment } from "./publish-environment";
import { getVersionDiff, getVersionSnapshot, listVersions } from "./queries";
import { reopenEnvironment } from "./reopen-environment";
import { retireEnvironment } from "./retire-environment";
import { submitEnvironment } from "./submit-environment";
import { createShipFixture, SHIP_ANSWER_KEYS } from "./testing/ship-fixture";

async function expectCode(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

const statusOf = async (id: string) =>
  (await db.select({ status: environments.status }).from(environments).where(eq(environments.id, id)))[0]
    .status;

describe("the ship lifecycle", () => {
  it("goes draft → in-review → approved (v1) → published → retired, with an audit row per step", async () => {
    const { owner, author, slug, environment } = await createShipFixture();
    expect(await submitEnvironment({ ctx: author.ctx, slug })).toEqual({ status: "in-review" });
    expect(await approveEnvironment({ ctx: owner.ctx, slug })).toEqual({ version: 1 });
    expect(await statusOf(environment.id)).toBe("approved");
    expect(await publishEnvironment({ ctx: owner.ctx, slug })).toEqual({ status: "published", version: 1 });
    const [published] = await listVersions({ ctx: author.ctx, slug });
    expect(published).toMatchObject({
      version: 1,
      tasks: 2,
      samples: 0,
      approvedBy: "Test owner",
      retiredAt: null,
    });
    expect(published.publishedAt).not.toBeNull();
    expect(await retireEnvironment({ ctx: owner.ctx, slug })).toEqual({ status: "retired" });
    expect((await listVersions({ ctx: owner.ctx, slug }))[0].retiredAt).not.toBeNull();
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, environment.id), sql`${auditLog.action} like 'environment.%'`))
      .orderBy(auditLog.createdAt);
    expect(actions.map((a) => a.action)).toEqual([
      "environment.create",
      "environment.submit",
      "environment.approve",
      "environment.publish",
      "environment.retire",
    ]);
  });

  it("lets authors submit but only owners approve, publish, retire or send back", async () => {
    const { owner, author, reviewer, buyer, slug } = await createShipFixture();
    await expectCode(submitEnvironment({ ctx: reviewer.ctx, slug }), "not_found");
    await expectCode(submitEnvironment({ ctx: buyer.ctx, slug }), "not_found");
    await expectCode(approveEnvironment({ ctx: owner.ctx, slug }), "conflict");
    await submitEnvironment({ ctx: author.ctx, slug });
    await expectCode(approveEnvironment({ ctx: author.ctx, slug }), "not_found");
    await expectCode(submitEnvironment({ ctx: author.ctx, slug }), "conflict");
    expect(await reopenEnvironment({ ctx: owner.ctx, slug })).toEqual({ status: "draft" });
    await expectCode(publishEnvironment({ ctx: owner.ctx, slug }), "conflict");
    const overview = await getShipOverview({ ctx: author.ctx, slug });
    expect(overview.steps).toEqual(["submit"]);
  });

  it("refuses a submission with an open coverage finding until it is dismissed with a reason", async () => {
    const { author, owner, slug } = await createShipFixture();
    const task = await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: {
        key: "unchecked",
        title: "Unchecked",
        prompt: "Explain why the probe fails on long prompts.",
        answerKey: "It saturates.",
      },
    });
    const error = await expectCode(submitEnvironment({ ctx: author.ctx, slug }), "conflict");
    expect(error.message).toMatch(/open findings in 1 task: unchecked \(1\)/);
    const { findings } = await getTaskChecks({ ctx: author.ctx, taskId: task.id });
    expect(findings.map((f) => f.kind)).toEqual(["unchecked-requirement"]);
    await dismissFinding({
      ctx: author.ctx,
      taskId: task.id,
      input: {
        findingId: findings[0].id,
        kind: "unchecked-requirement",
        reason: "Graded by the judge's overall read.",
      },
    });
    await submitEnvironment({ ctx: author.ctx, slug });
    expect(await approveEnvironment({ ctx: owner.ctx, slug })).toEqual({ version: 1 });
  });
});

describe("approved versions", () => {
  it("are immutable: later edits change the draft only, and the database refuses to rewrite a version", async () => {
    const { owner, author, reviewer, slug, environment } = await createShipFixture();
    await submitEnvironment({ ctx: author.ctx, slug });
    await approveEnvironment({ ctx: owner.ctx, slug });
    const v1 = await getVersionSnapshot({ ctx: owner.ctx, slug, version: 1 });
    expect(v1.sha256).toBe(hashSnapshot(v1.snapshot));
    expect(v1.snapshot.tasks.map((t) => [t.key, t.answerKey])).toEqual(Object.entries(SHIP_ANSWER_KEYS));

    const task = (await db.query.tasks.findFirst({
      where: (t, { and: all, eq: is }) => all(is(t.environmentId, environment.id), is(t.key, "final-loss")),
    }))!;
    await updateTask({
      ctx: author.ctx,
      taskId: task.id,
      input: { revision: task.revision, answerKey: "Final validation loss: 0.5 nats" },
    });
    const again = await getVersionSnapshot({ ctx: owner.ctx, slug, version: 1 });
    expect(again.snapshot).toEqual(v1.snapshot);
    expect(again.sha256).toBe(v1.sha256);

    const rewrite = db
      .update(environmentVersions)
      .set({ snapshot: { ...v1.snapshot, tasks: [] } })
      .where(eq(environmentVersions.environmentId, environment.id));
    const refused = await rewrite.then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(`${refused?.message} ${refused?.cause?.message}`).toMatch(/environment version 1 is immutable/);
    await expect(
      db
        .update(environmentVersions)
        .set({ sha256: "0".repeat(64) })
        .where(eq(environmentVersions.environmentId, environment.id)),
    ).rejects.toThrow();
    expect((await getVersionSnapshot({ ctx: owner.ctx, slug, version: 1 })).sha256).toBe(v1.sha256);

    // The edit reaches a version only through a new approval, as v2; the diff names it.
    await submitEnvironment({ ctx: author.ctx, slug });
    expect(await approveEnvironment({ ctx: owner.ctx, slug })).toEqual({ version: 2 });
    const v2 = await getVersionSnapshot({ ctx: author.ctx, slug, version: null });
    expect([v2.version, v2.snapshot.tasks[0].answerKey]).toEqual([2, "Final validation loss: 0.5 nats"]);
    const diff = await getVersionDiff({ ctx: author.ctx, slug, a: 1, b: 2 });
    expect(diff.summary.tasks).toEqual([{ key: "final-loss", change: "changed", fields: ["answer key"] }]);
    expect(diff.after).toContain("0.5 nats");
    // A reviewer reads the diff without the answer keys: the change is invisible to them.
    const reviewerDiff = await getVersionDiff({ ctx: reviewer.ctx, slug, a: 1, b: 2 });
    expect([
      reviewerDiff.includesHidden,
      reviewerDiff.summary.tasks,
      reviewerDiff.after.includes("0.5 nats"),
    ]).toEqual([false, [], false]);
  });

  it("export the same bytes each time, and are readable only by roles that may export", async () => {
    const { owner, author, reviewer, buyer, slug } = await createShipFixture();
    await expectCode(getVersionSnapshot({ ctx: owner.ctx, slug, version: null }), "not_found");
    await submitEnvironment({ ctx: author.ctx, slug });
    await approveEnvironment({ ctx: owner.ctx, slug });
    const { snapshot } = await getVersionSnapshot({ ctx: author.ctx, slug, version: 1 });
    const first = await exportSnapshot(snapshot, "native");
    const second = await exportSnapshot(
      (await getVersionSnapshot({ ctx: owner.ctx, slug, version: 1 })).snapshot,
      "native",
    );
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true);
    expect(first.fileName).toBe(`${slug}-v1.tar.gz`);
    await expectCode(getVersionSnapshot({ ctx: reviewer.ctx, slug, version: 1 }), "not_found");
    await expectCode(getVersionSnapshot({ ctx: buyer.ctx, slug, version: 1 }), "not_found");
    await expectCode(getVersionSnapshot({ ctx: owner.ctx, slug, version: 9 }), "not_found");
  });
});

describe("sample rollouts", () => {
  it("must be labelled and must not quote an answer key; approval freezes them without reviewers", async () => {
    const { owner, author, reviewer, slug, rollouts } = await createShipFixture();
    const unlabelled = await expectCode(
      chooseSample({ ctx: author.ctx, slug, input: { rolloutId: rollouts.unlabelled.id } }),
      "conflict",
    );
    expect(unlabelled.message).toMatch(/Label this rollout first/);
    const quoting = await expectCode(
      chooseSample({ ctx: author.ctx, slug, input: { rolloutId: rollouts.quoting.id } }),
      "conflict",
    );
    expect(quoting.message).toMatch(/quotes the answer key of final-loss/);
    await expectCode(
      chooseSample({ ctx: reviewer.ctx, slug, input: { rolloutId: rollouts.labelled.id } }),
      "not_found",
    );

    expect(
      await chooseSample({
        ctx: author.ctx,
        slug,
        input: { rolloutId: rollouts.labelled.id, note: "Reads the log." },
      }),
    ).toMatchObject({
      position: 1,
      note: "Reads the log.",
    });
    const overview = await getShipOverview({ ctx: author.ctx, slug });
    expect(overview.samples.map((s) => [s.model, s.label?.verdict, s.label?.reviewers])).toEqual([
      ["strong-model", "genuine-success", 2],
    ]);
    expect(overview.candidates.map((c) => c.model)).toEqual(["leaky-model"]);

    await submitEnvironment({ ctx: author.ctx, slug });
    await approveEnvironment({ ctx: owner.ctx, slug });
    const [row] = await db
      .select({ snapshot: environmentVersions.snapshot })
      .from(environmentVersions)
      .innerJoin(environments, eq(environments.id, environmentVersions.environmentId))
      .where(eq(environments.slug, slug));
    const snapshot = parseSnapshot(row.snapshot);
    expect(snapshot.samples).toEqual([
      expect.objectContaining({
        id: "sample-1",
        model: "strong-model",
        note: "Reads the log.",
        label: { verdict: "genuine-success", categories: [], source: "unanimous", reviewers: 2 },
      }),
    ]);
    expect(snapshot.samples[0].messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(JSON.stringify(row.snapshot)).not.toMatch(/checked by|@test\.studio|Test reviewer/);

    await removeSample({ ctx: author.ctx, slug, input: { rolloutId: rollouts.labelled.id } });
    expect((await getShipOverview({ ctx: author.ctx, slug })).samples).toEqual([]);
    expect(
      parseSnapshot(
        (
          await db
            .select()
            .from(environmentVersions)
            .innerJoin(environments, eq(environments.id, environmentVersions.environmentId))
            .where(eq(environments.slug, slug))
        )[0].environment_versions.snapshot,
      ).samples,
    ).toHaveLength(1);
  });
});
