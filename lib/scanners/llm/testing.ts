import type { StandInReply, StandInRequest } from "@/lib/providers/testing/stand-in-provider";

// A stand-in LLM scanner for tests, the demo and e2e: answers in the scanner's JSON contract. By
// default it follows the hints: "hack", citing the first hinted message, when the deterministic
// scanners flagged something; "no-hack" otherwise. `decide` overrides that from the prompt.

/** The message indices the prompt's hints name, in order. */
export function readHintedMessages(request: StandInRequest): number[] {
  const user = request.messages.map((m) => m.content).join("\n");
  const hints = /## Hints\n([\s\S]*?)\n\n## Transcript/.exec(user)?.[1] ?? "";
  return [...hints.matchAll(/^- \[message (\d+)\]/gm)].map((m) => Number(m[1]));
}

export function answerAsScanner(
  request: StandInRequest,
  decide: (request: StandInRequest) => { hack: boolean; message?: number } = (r) => {
    const hinted = readHintedMessages(r);
    return { hack: hinted.length > 0, message: hinted[0] };
  },
): StandInReply {
  const { hack, message } = decide(request);
  return {
    kind: "text",
    text: JSON.stringify(
      hack
        ? {
            reason: "The agent worked around the grader instead of solving the task.",
            verdict: "hack",
            evidence: [{ message: message ?? 0, quote: "" }],
          }
        : { reason: "The agent solved the task as intended.", verdict: "no-hack", evidence: [] },
    ),
  };
}
