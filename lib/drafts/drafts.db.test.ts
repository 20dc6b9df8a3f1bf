import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { taskDrafts } from "@/db/schema";
import { createEnvironment } from "@/lib/environments/create-environment";
import { runJobHere } from "@/lib/jobs";
import { getTaskOrigin } from "@/lib/promotion/queries";
import { createProvider } from "@/lib/providers/save-provider";
import { reply, type StandInProvider, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { checkCoverage } from "@/lib/tasks/coverage";
import { getTaskDetailByKey } from "@/lib/tasks/queries";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { acceptDraft, discardDraft } from "./decide-draft";
import { draftTasksJob } from "./draft-job";
import { listDrafts } from "./queries";
import { startDrafting } from "./start-drafting";
import { uploadDocument } from "./upload-document";

const REPORT = [
  "# Trial report",
  "",
  "The trial enrolled 412 adults across nine sites. Participants were randomised to the new protocol or to a placebo control group.",
  "",
  "After twelve weeks, hospital admissions fell by 18 percent in the treated group. The authors therefore conclude that the protocol reduces admissions.",
].join("\n");

let standIn: StandInProvider;
beforeAll(async () => {
  standIn = await startStandInProvider();
});
afterAll(async () => {
  await standIn.close();
});

async function setUp() {
  const workspace = await createTestWorkspace();
  const { ctx: owner } = await createTestMember(workspace, "owner");
  const { ctx: author } = await createTestMember(workspace, "author");
  const slug = `env-${uniqueSuffix()}`;
  const environment = await createEnvironment({ ctx: author, input: { slug, name: "Trials" } });
  const document = await uploadDocument({
    ctx: author,
    environmentSlug: slug,
    file: { name: "trial-report.md", mediaType: "text/markdown", data: new TextEncoder().encode(REPORT) },
  });
  return { owner, author, slug, environmentId: environment.id, documentId: document.id };
}

describe("drafting from documents", () => {
  it("plants flaws as a job, stores each draft once when the job runs again, and accepts one with its origin", async () => {
    const { author, slug, environmentId, documentId } = await setUp();
    const job = await startDrafting({
      ctx: author,
      input: { mode: "flaw", environmentId, documentId, flawKind: "wrong-number", count: 2 },
    });
    expect((await runJobHere({ kind: draftTasksJob, jobId: job.id })).status).toBe("succeeded");
    // A second delivery of the same job stores nothing twice.
    await draftTasksJob.handler({
      job: { id: job.id, kind: "draft-tasks", workspaceId: author.workspace.id, attempt: 2, maxAttempts: 2 },
      ctx: author,
      payload: draftTasksJob.payload.parse(job.payload),
      signal: new AbortController().signal,
      progress: {
        setTotal() {},
        setFraction() {},
        addDone() {},
        addFailed() {},
        set() {},
        flush: async () => {},
      },
    });
    const rows = await db.select().from(taskDrafts).where(eq(taskDrafts.jobId, job.id));
    expect(rows).toHaveLength(2);

    const [draft] = await listDrafts({ ctx: author, environmentSlug: slug });
    const task = await acceptDraft({ ctx: author, input: { draftId: draft.id, key: "find-the-error" } });
    const detail = await getTaskDetailByKey({ ctx: author, slug, key: task.key });
    const passage = detail.content.resources[0];
    if (passage.kind !== "document") throw new Error("the passage is not a document resource");
    // The planted flaw is in the agent's material and not in the original; the key names the original value.
    expect(REPORT).not.toContain(passage.content);
    expect(detail.content.answerKey).toMatch(/the correct value there is (412|18)\./);
    const result = checkCoverage({
      prompt: detail.content.prompt,
      agentVisible: [{ label: passage.name, text: passage.content }],
      answerKey: detail.content.answerKey,
      criteria: detail.content.criteria,
      checks: [],
      giveUp: detail.content.giveUp,
    });
    expect(result.findings.filter((f) => f.kind === "answer-key-leak")).toEqual([]);
    expect(await getTaskOrigin({ ctx: author, taskId: task.id })).toMatchObject({ kind: "flaw" });
    await expect(
      acceptDraft({ ctx: author, input: { draftId: draft.id, key: "again" } }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("keeps only grounded facts whose quote is in the document and not contradicted, with exact citations", async () => {
    const { owner, author, slug, environmentId, documentId } = await setUp();
    const provider = await createProvider({
      ctx: owner,
      input: {
        name: `stand-in-${uniqueSuffix()}`,
        kind: "openai",
        baseUrl: standIn.baseUrl("openai"),
        model: "stand-in-gpt",
      },
    });
    standIn.enqueue(
      reply.json({
        tasks: [
          {
            title: "Trial size",
            question: "How many adults did the trial enrol?",
            facts: [
              {
                statement: "The trial enrolled 412 adults.",
                quote: "The trial enrolled 412   adults across nine sites.",
              },
              { statement: "It ran at nine sites in Norway.", quote: "nine sites in Norway" },
            ],
          },
          {
            title: "Effect",
            question: "By how much did admissions fall?",
            facts: [
              {
                statement: "Admissions fell by 25 percent.",
                quote: "hospital admissions fell by 18 percent",
              },
            ],
          },
        ],
      }),
    );
    const job = await startDrafting({
      ctx: author,
      input: {
        mode: "grounded",
        environmentId,
        documentId,
        providerId: provider.id,
        count: 2,
        maxCostUsd: 1,
      },
    });
    expect((await runJobHere({ kind: draftTasksJob, jobId: job.id })).status).toBe("succeeded");
    const drafts = await listDrafts({ ctx: author, environmentSlug: slug });
    expect(drafts).toHaveLength(1);
    const [draft] = drafts;
    expect(draft.title).toBe("Trial size");
    expect(draft.citations).toHaveLength(1);
    const [citation] = draft.citations;
    expect(REPORT.slice(citation.start, citation.end)).toBe(
      "The trial enrolled 412 adults across nine sites.",
    );
    expect(draft.droppedCount).toBe(1);
    expect(draft.answerKey).not.toContain("Norway");
    expect(draft.exchangeCount).toBe(1);
    await discardDraft({ ctx: author, input: { draftId: draft.id } });
    expect(await listDrafts({ ctx: author, environmentSlug: slug })).toEqual([]);
  });

  it("refuses a document that is not text, and drafting in another workspace's environment", async () => {
    const { author, slug, environmentId, documentId } = await setUp();
    await expect(
      uploadDocument({
        ctx: author,
        environmentSlug: slug,
        file: { name: "data.bin", mediaType: "application/octet-stream", data: new Uint8Array([0, 1, 2]) },
      }),
    ).rejects.toMatchObject({ code: "invalid" });
    const stranger = (await createTestMember(await createTestWorkspace(), "author")).ctx;
    await expect(
      startDrafting({
        ctx: stranger,
        input: { mode: "flaw", environmentId, documentId, flawKind: "wrong-number" },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
