import { eq } from "drizzle-orm";
import { labels, rubricCriteria, rubrics, users } from "@/db/schema";
import { answerAsJudge } from "@/lib/judges/testing/judge-responder";
import { type StandInProvider, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { test as demoTest } from "./demo";
import { addProviderInSettings, expect, signOut, sixTimesSevenTask, test } from "./fixtures";

// The judge end to end, against a stand-in provider this spec starts on localhost: the owner adds
// the provider in Settings, an author creates a judge, tries it, calibrates it against expert labels
// (a background job) and deploys it; a reviewer then sees its verdicts beside their own scores.

/** Enough expert-scored rollouts that the held-out half clears the default n ≥ 30. */
const LABELLED = 100;

let standIn: StandInProvider;
test.beforeAll(async () => {
  standIn = await startStandInProvider({ responder: (request) => answerAsJudge(request) });
});
test.afterAll(async () => {
  await standIn.close();
});

test("[judges] an author creates, tries, calibrates and deploys a judge; a reviewer sees its verdicts beside their scores", async ({
  page,
  database,
  workspace,
  createUser,
  createEnvironment,
  signIn,
}) => {
  test.setTimeout(240_000);
  const db = database.db;
  const owner = await createUser("owner");
  const author = await createUser("author");
  const reviewer = await createUser("reviewer");
  const [expert] = await db.select().from(users).where(eq(users.email, reviewer.email));
  const environment = await createEnvironment({
    prefix: "judged",
    name: "Judged",
    tasks: [sixTimesSevenTask("What is six times seven?")],
  });
  const { slug } = environment;
  const run = await createTestRun({ workspaceId: workspace.id, executor: db });
  const rolloutIds: string[] = [];
  for (let i = 0; i < LABELLED; i++) {
    const isRight = i % 2 === 0;
    const rollout = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      executor: db,
      environmentId: environment.id,
      taskKey: "answer",
      isSearchIndexed: false,
      messages: [
        { role: "user", text: "What is six times seven?" },
        { role: "assistant", text: isRight ? `It is 42 (attempt ${i}).` : `It is 41 (attempt ${i}).` },
      ],
    });
    rolloutIds.push(rollout.id);
    await db.insert(labels).values({
      workspaceId: workspace.id,
      rolloutId: rollout.id,
      reviewerId: expert.id,
      reviewerKey: `user:${expert.id}`,
      reviewerName: expert.email,
      version: 1,
      verdict: isRight ? "genuine-success" : "genuine-failure",
      criterionScores: { correct: isRight ? 1 : 0 },
    });
  }

  // The owner adds the provider and tests the connection.
  await signIn(page, owner);
  await addProviderInSettings(page, { baseUrl: standIn.baseUrl("openai"), model: "judge-model" });
  const providers = page.getByRole("table", { name: "Model providers" });
  await expect(providers).toContainText("stored");
  await expect(providers).not.toContainText("sk-e2e-secret");
  await providers.getByRole("button", { name: "Test connection" }).click();
  await expect(providers.getByRole("status")).toContainText("Connected");
  await signOut(page);

  // The author creates the judge, tries it, calibrates it and deploys it.
  await signIn(page, author);
  await page.goto(`/environments/${slug}`);
  await page.getByRole("link", { name: "Judges" }).click();
  const judgeForm = page.getByRole("form", { name: "Create judge" });
  await judgeForm.getByLabel("Judge name").fill("grader");
  await judgeForm.getByRole("button", { name: "Create judge" }).click();
  await judgeForm.getByRole("link", { name: "Open it" }).click();
  await expect(page.getByRole("heading", { name: "Judge grader" })).toBeVisible();

  await page.getByLabel("Answer to grade").fill("Six times seven is 42.");
  await page.getByRole("button", { name: "Try the judge" }).click();
  const tried = page.getByTestId("try-result");
  await expect(tried.getByRole("table", { name: "Parsed result" })).toContainText("met");
  await expect(tried).toContainText("input and");
  await tried.getByText("Prompt sent").click();
  await expect(tried).toContainText("What is six times seven?");

  await page.getByRole("button", { name: "Calibrate against expert labels" }).click();
  await expect(page.getByText(/is judging in the background/)).toBeVisible();
  const report = page.getByTestId("calibration-report");
  await expect(report.getByText("passes the bar")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("table", { name: "Judging jobs" })).toContainText("finished");
  await expect(report.getByRole("table", { name: "Held-out set agreement" })).toContainText(
    "1.00 [1.00, 1.00]",
  );
  await page.getByRole("button", { name: "Deploy v1" }).click();
  // The deployed version loses its Deploy button; the versions table says so.
  await expect(
    page.getByRole("table", { name: "Judge versions" }).getByRole("row", { name: /v1/ }),
  ).toContainText("deployed");
  await expect(page.getByRole("button", { name: "Deploy v1" })).toHaveCount(0);
  // A model judged this version: nothing says its figures are seeded.
  await expect(page.getByTestId("seeded-note")).toHaveCount(0);

  // From the rubric editor: the judge on a chosen rollout of the task, per criterion, with the rubric
  // as edited on screen: a criterion added and not saved is graded too.
  await page.goto(`/environments/${slug}/tasks/answer`);
  await page.getByRole("tab", { name: /Rubric & checks/ }).click();
  await page.getByRole("button", { name: "Add criterion" }).click();
  const added = page.getByRole("listitem", { name: /^Criterion / }).last();
  await added.getByLabel("Key").fill("shows-work");
  await added.getByLabel("Criterion title").fill("Shows the multiplication");
  const trial = page.getByRole("region", { name: "Try a judge on a rollout" });
  await trial.getByLabel("Rollout").selectOption({ index: 1 });
  await trial.getByRole("button", { name: "Try the judge" }).click();
  const trialResult = trial.getByTestId("try-result");
  await expect(trialResult).toContainText("Version 1 with the rubric as edited (unsaved edits included)");
  const parsed = trialResult.getByRole("table", { name: "Parsed result" });
  const criterionRow = parsed.getByRole("row", { name: /correct/ });
  await expect(criterionRow).toContainText(/not-met|met/);
  await expect(criterionRow).toContainText("Checked against the answer key.");
  await expect(parsed.getByRole("row", { name: /shows-work/ })).toContainText(/not-met|met/);
  await trialResult.getByText("Prompt sent").click();
  await expect(trialResult).toContainText("Shows the multiplication");
  // Nothing was saved: the task's stored rubric still has its one criterion.
  const stored = await db
    .select({ key: rubricCriteria.key })
    .from(rubricCriteria)
    .innerJoin(rubrics, eq(rubrics.id, rubricCriteria.rubricId))
    .where(eq(rubrics.environmentId, environment.id));
  expect(stored.map((c) => c.key)).toEqual(["correct"]);

  // The report page shows the deployed judge's calibration; the queue's agreement counts it as a rater.
  await page.goto(`/environments/${slug}/report`);
  await expect(page.getByTestId("judge-evidence")).toContainText("Calibrated judge grader v1");
  await expect(page.getByRole("table", { name: "Judge calibration per criterion" })).toContainText("correct");
  await page.goto(`/review/queues/new?environment=${slug}`);
  const queueForm = page.getByRole("form", { name: "New queue" });
  await queueForm.getByLabel("Name").fill("Expert audit");
  await queueForm.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByText(`0 of ${LABELLED} items done`)).toBeVisible();
  await page.goto(`${page.url()}/agreement`);
  const raters = page.getByRole("table", { name: "Criterion score agreement per rater pair" });
  const judgeRow = raters.getByRole("row", { name: /Judge grader v1/ });
  await expect(judgeRow).toContainText("judge × reviewer");
  await expect(judgeRow).toContainText(reviewer.email);
  await expect(judgeRow).toContainText(String(LABELLED));
  await expect(judgeRow).toContainText("1.00");
  await signOut(page);

  // A reviewer sees the judge's verdict beside their own score.
  await signIn(page, reviewer);
  await page.goto(`/review/rollouts/${rolloutIds[0]}`);
  const verdicts = page.getByRole("table", { name: "Judge verdicts by criterion" });
  await expect(verdicts).toContainText("grader v1");
  await expect(verdicts.getByRole("row", { name: /correct/ })).toContainText("met");
  await expect(verdicts.getByRole("row", { name: /correct/ })).toContainText("1");
});

const SEEDED = "seeded demo data: no model was called";

demoTest(
  "[judges] the demo's judge says its figures come from seeded data, in the pages and the API",
  async ({ page, demo, signInAsDemo }) => {
    await signInAsDemo(page, "owner");
    const base = `/environments/${demo.environment}`;
    // The judges list: beside the deployed version.
    await page.goto(`${base}/judges`);
    const row = page.getByRole("table", { name: "Judges" }).getByRole("row", { name: /rubric-judge/ });
    await expect(row.getByTestId("seeded-note")).toHaveText(SEEDED);
    // The judge page: in the versions table and beside the calibration verdict.
    await page.goto(`${base}/judges/${demo.judgeId}`);
    await expect(
      page
        .getByRole("table", { name: "Judge versions" })
        .getByRole("row", { name: /deployed/ })
        .getByTestId("seeded-note"),
    ).toHaveText(SEEDED);
    await expect(page.getByTestId("calibration-report").getByTestId("seeded-note")).toHaveText(SEEDED);
    // The evidence report.
    await page.goto(`${base}/report`);
    await expect(page.getByTestId("judge-evidence").getByTestId("seeded-note")).toHaveText(SEEDED);
    // The API, with the browser's session.
    const listed = await page.request.get(`/api/v1/environments/${demo.environment}/judges`);
    expect(listed.status()).toBe(200);
    const deployed = (await listed.json()).items[0].versions.find(
      (v: { status: string }) => v.status === "deployed",
    );
    expect(deployed.seeded).toBe(SEEDED);
    expect(deployed.seededJudgments).toBeGreaterThan(0);
    const calibration = await page.request.get(`/api/v1/judges/${demo.judgeId}/calibration`);
    expect(calibration.status()).toBe(200);
    expect((await calibration.json()).seeded).toBe(SEEDED);
  },
);
