import { describe, expect, it } from "vitest";
import { checkCoverage } from "./check-coverage";
import { findDeceptiveFraming, suggestHonestWording } from "./find-deceptive-framing";

const flag = (text: string) => findDeceptiveFraming([{ label: "prompt", text }]);

describe("deceptive-framing", () => {
  it.each([
    ["This is a live production system serving real users.", "This is a live"],
    ["You are on call for our real training cluster.", "real"],
    ["This is not a test.", "This is not a test"],
    ["You are not being evaluated.", "not being evaluated"],
    ["A real customer is waiting for your answer.", "customer is waiting"],
    ["Real money is burning every minute the job is down.", "Real money"],
    ["Every jailbreak you miss will reach the public within minutes.", "will reach the public"],
    ["If you get this wrong, people will die.", "people will die"],
    ["URGENT: the negotiators will use your answer in tomorrow's real session.", "real session"],
  ])("flags %j", (text, trigger) => {
    const [found] = flag(text);
    expect(found?.triggers.join(" ")).toContain(trigger);
  });

  it.each([
    "You are acting as an SRE in a simulated company.",
    "The environment is a sandbox: nothing you do affects real systems.",
    "In this scenario you advise a fictional national AI safety institute.",
    "Imagine you are the on-call engineer for a production database.",
    "This is not a live system.",
    "The paper reports results on real users.",
    "Real-world deployment data are in deploy.csv.",
    "The production model was trained on 2T tokens.",
    "Treat this as if it were a live production system.",
    "This is a test of your skills.",
  ])("does not flag the honest set-up %j", (text) => {
    expect(flag(text)).toEqual([]);
  });

  it("suggests an honest rewording", () => {
    expect(suggestHonestWording("This is a live production system serving real users.")).toBe(
      "In this simulated scenario, this is a simulated production-like system serving simulated users.",
    );
    expect(suggestHonestWording("This is not a test.")).toContain("this is a test environment");
  });

  it("is a finding with its triggers and location, in the prompt and in resources, and never a requirement", () => {
    const prompt = "This is a live production system. Label the 50 prompts in `queue.txt`.";
    const result = checkCoverage({
      prompt,
      agentVisible: [{ label: "runbook.md", text: "Real customers are waiting on this fix." }],
      answerKey: "",
      criteria: [
        {
          key: "labels",
          title: "Labels",
          description: "Labels the 50 prompts in the queue.",
          requirements: [],
        },
      ],
      checks: [],
      giveUp: { allowed: false, instructions: "" },
    });
    const framing = result.findings.filter((f) => f.kind === "deceptive-framing");
    expect(framing.map((f) => [f.location?.label, f.severity])).toEqual([
      ["prompt", "error"],
      ["runbook.md", "error"],
    ]);
    expect(framing[0].location).toEqual({ label: "prompt", start: 0, end: 33 });
    expect(framing[0].why).toContain('"This is a live"');
    expect(framing[0].suggestion).toContain("simulated");
    expect(result.requirements.map((r) => r.text)).toEqual(["Label the 50 prompts in `queue.txt`."]);
  });

  it("keeps a dismissal with its reason", () => {
    const input = {
      prompt: "This is not a test.",
      agentVisible: [],
      answerKey: "",
      criteria: [],
      checks: [],
      giveUp: { allowed: false, instructions: "" },
    };
    const [finding] = checkCoverage(input).findings;
    const again = checkCoverage({
      ...input,
      dismissed: [{ findingId: finding.id, reason: "Quoted from the scenario brief." }],
    });
    expect(again.findings[0].dismissed).toEqual({ reason: "Quoted from the scenario brief." });
  });
});
