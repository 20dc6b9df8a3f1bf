import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rubrics } from "@/db/schema";
import { startStandInForFile } from "@/lib/providers/testing/stand-in-for-file";
import { createTestEnvironment } from "@/lib/rollouts/testing/factories";
import { createJudge } from "./create-judge";
import { createJudgeFixture } from "./testing/judge-fixture";
import { answerAsJudge } from "./testing/judge-responder";
import { tryJudge } from "./try-judge";

// "Try the judge" from the rubric editor grades the rubric as edited, unsaved: the criteria sent
// are the draft's (the judge's rules applied), and a draft that is not a valid rubric is refused.

const standIn = startStandInForFile((request) => answerAsJudge(request));

async function setup(criteria: "all" | string[] = "all") {
  const fixture = await createJudgeFixture(standIn);
  const judge = await createJudge({
    ctx: fixture.author.ctx,
    environmentSlug: fixture.environment.slug,
    input: { name: "grader", provider: fixture.provider.name, criteria },
  });
  const tryWith = (rubric?: unknown) =>
    tryJudge({
      ctx: fixture.author.ctx,
      input: { judgeId: judge.id, taskKey: "answer", response: "It is 42.", rubric: rubric as never },
    });
  return { ...fixture, judge, tryWith };
}

const criterion = (key: string, title: string) => ({ key, title, type: "binary" as const });

describe("tryJudge with the rubric as edited", () => {
  it("grades the saved rubric without a draft, and the draft's criteria with one", async () => {
    const { tryWith } = await setup();
    const saved = await tryWith();
    expect(saved.rubric).toBe("saved");
    expect(saved.result.map((r) => r.key)).toEqual(["correct", "depth"]);
    const draft = await tryWith({
      judgeTemplate: "",
      criteria: [criterion("correct", "Gives forty-two"), criterion("shows-work", "Shows 6 × 7")],
    });
    expect(draft.rubric).toBe("draft");
    expect(draft.result.map((r) => [r.key, r.title])).toEqual([
      ["correct", "Gives forty-two"],
      ["shows-work", "Shows 6 × 7"],
    ]);
    expect(draft.prompt.system).toContain("shows-work");
    expect(draft.prompt.user).toContain("What is six times seven?");
  });

  it("keeps to the judge's criterion keys and the draft's template", async () => {
    const { tryWith } = await setup(["correct"]);
    const draft = await tryWith({
      judgeTemplate: "DRAFT TEMPLATE {{criteria}} {{response}}",
      criteria: [criterion("correct", "Gives 42"), criterion("shows-work", "Shows 6 × 7")],
    });
    expect(draft.result.map((r) => r.key)).toEqual(["correct"]);
    expect(draft.prompt.user).toContain("DRAFT TEMPLATE");
    await expect(tryWith({ criteria: [criterion("shows-work", "Shows 6 × 7")] })).rejects.toThrow(
      /no criterion this judge grades/,
    );
  });

  it("refuses a draft that is not a valid rubric, or names another environment's shared rubric", async () => {
    const { tryWith, workspace } = await setup();
    await expect(tryWith({ criteria: [criterion("bad key!", "x")] })).rejects.toThrow();
    await expect(tryWith({ criteria: [criterion("a", "One"), criterion("a", "Two")] })).rejects.toThrow(
      /share a key/,
    );
    const other = await createTestEnvironment({ workspaceId: workspace.id });
    const [shared] = await db
      .insert(rubrics)
      .values({ workspaceId: workspace.id, environmentId: other.id, title: "Elsewhere" })
      .returning();
    await expect(
      tryWith({ sharedRubricId: shared.id, criteria: [criterion("correct", "Gives 42")] }),
    ).rejects.toThrow(/not one of this environment's/);
  });
});
