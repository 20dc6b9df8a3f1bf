import type { StandInReply, StandInRequest } from "@/lib/providers/testing/stand-in-provider";

// A stand-in judge: answers a judge prompt in the studio's JSON contract, reading the criteria from
// the system prompt. `decide` picks each criterion's score from the transcript (default: met when
// the transcript contains "42", scales at their maximum then). For tests, the benchmark and e2e.

export type JudgeCriterionAsked = { key: string; scaleMax: number | null };

export function readAskedCriteria(system: string): JudgeCriterionAsked[] {
  return [...system.matchAll(/^- (\S+): "(verdict|score)"(?:: a number from 0 to (\d+))?/gm)].map((m) => ({
    key: m[1],
    scaleMax: m[2] === "score" ? Number(m[3]) : null,
  }));
}

/** The quoted transcript of a judge prompt (between its nonce markers), else every message's text. */
export function transcriptOf(request: StandInRequest): string {
  const text = request.messages.map((m) => m.content).join("\n");
  const quoted = /<transcript-([0-9a-f]+)>([\s\S]*?)<\/transcript-\1>/.exec(text);
  return quoted ? quoted[2] : text;
}

export function answerAsJudge(
  request: StandInRequest,
  decide: (criterion: JudgeCriterionAsked, transcript: string) => number = (criterion, transcript) =>
    transcript.includes("42") ? (criterion.scaleMax ?? 1) : 0,
): StandInReply {
  const transcript = transcriptOf(request);
  const criteria = readAskedCriteria(request.system).map((criterion) => {
    const score = decide(criterion, transcript);
    return criterion.scaleMax === null
      ? {
          key: criterion.key,
          reason: "Checked against the answer key.",
          verdict: score >= 1 ? "met" : "not-met",
          evidence: [{ message: 1, quote: "42" }],
        }
      : { key: criterion.key, reason: "Depth as the scale describes.", score, evidence: [] };
  });
  return { kind: "text", text: JSON.stringify({ criteria }) };
}
