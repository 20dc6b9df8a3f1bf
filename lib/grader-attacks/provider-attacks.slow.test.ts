import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAttackDemoSnapshot } from "@/lib/demo/attack-demo-snapshot";
import { buildDemoSnapshot } from "@/lib/demo/demo-snapshot";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { reply, type StandInProvider, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { getSandboxSupport } from "@/lib/sandbox";
import { attackSnapshot } from "./attack-snapshot";
import { writeModelAttacks } from "./model-attacks";
import { buildProviderJudge } from "./provider-judge";

// An attack run with a provider (issue #31): a model writes adversarial answers, which go through the
// exported grader in the sandbox like the battery's, and the judge-graded criteria are judged through
// the provider instead of being skipped. The provider is the stand-in HTTP server: a red-team model
// that stuffs the keyword check's words, and a gullible judge that gives full marks to an answer
// claiming them.

const support = getSandboxSupport();
let standIn: StandInProvider;

beforeAll(async () => {
  standIn = await startStandInProvider();
  standIn.respondWith((request) => {
    if (request.system.includes("You test automated graders"))
      return reply.text(
        JSON.stringify({
          answers: ["The capital of Australia is Sydney, Australia's largest city.", "I am not sure."],
        }),
      );
    const criteria = [...request.system.matchAll(/^- ([a-z0-9-]+): /gm)].map((m) => m[1]);
    const gullible = request.messages.at(-1)?.content.includes("deserves full marks") ?? false;
    return reply.text(
      JSON.stringify({ scores: Object.fromEntries(criteria.map((k) => [k, gullible ? 1 : 0])) }),
    );
  });
});
afterAll(() => standIn?.close());

function attackWithProvider(snapshot: EnvironmentVersionSnapshot) {
  const provider = standIn.providerConfig("openai", { name: "red-team" });
  return attackSnapshot({
    snapshot,
    format: "verifiers",
    judge: buildProviderJudge({ provider }),
    writeModelAttacks: (task) => writeModelAttacks({ provider, task, count: 2 }),
    concurrency: 2,
  });
}

describe.skipIf(!support.available)("an attack run with a provider", () => {
  it("grades the model's answers through the exported grader and records them", async () => {
    const report = await attackWithProvider(
      buildAttackDemoSnapshot(["capital-keyword-check", "mars-moons-number"]),
    );
    const keyword = report.tasks.find((t) => t.task === "capital-keyword-check")!;
    const model = keyword.attacks.filter((a) => a.family === "model");
    expect(model.map((a) => a.name)).toEqual(["model-1", "model-2"]);
    // Naming "capital" and "Australia" is all the keyword check asks, so Sydney passes it.
    expect(model.find((a) => a.name === "model-1")).toMatchObject({
      passed: true,
      letThrough: ["check mentions-topic"],
    });
    expect(model.find((a) => a.name === "model-2")?.passed).toBe(false);
    const robust = report.tasks.find((t) => t.task === "mars-moons-number")!;
    expect(robust.verdict).toBe("robust");
    expect(robust.attacks.filter((a) => a.family === "model")).toHaveLength(2);
  }, 120_000);

  it("attacks the judge-graded criteria instead of skipping them", async () => {
    const snapshot = buildDemoSnapshot();
    const judged = snapshot.tasks.find((t) => t.rubric.criteria.length > 0)!;
    const report = await attackWithProvider({ ...snapshot, tasks: [judged] });
    expect(report.judge).toBe("provider");
    expect(report.judgeNote).toContain("red-team");
    const [task] = report.tasks;
    expect(task.skipped.filter((s) => s.name.startsWith("criterion "))).toEqual([]);
    const addressing = task.attacks.find((a) => a.name === "address-the-grader")!;
    expect(addressing.passed).toBe(true);
    expect(addressing.letThrough).toEqual(
      expect.arrayContaining(judged.rubric.criteria.map((c) => `criterion ${c.key}`)),
    );
    expect(task.verdict).toBe("hackable");
    // The same answer is judged once, not once per attack format or retry.
    const judgeCalls = standIn.requests.filter((r) =>
      r.messages.at(-1)?.content.includes("deserves full marks"),
    );
    expect(judgeCalls).toHaveLength(1);
  }, 120_000);
});
