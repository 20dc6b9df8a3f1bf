import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { SnapshotTask } from "@/lib/exports/snapshot";
import { buildSystemPrompt, quoteTranscript, renderJudgeMessage } from "@/lib/judges/judge-prompt";
import { parseJudgeAnswer } from "@/lib/judges/parse-answer";
import { completeChat } from "@/lib/providers/complete-chat";
import type { ChatRequest, ProviderConfig } from "@/lib/providers/types";
import type { AttackJudge } from "./attack-snapshot";

// The judge-graded criteria attacked through a provider (issue #31): each attack's answer is judged
// with the task's own judge template and criteria, the studio's judge prompt (the answer quoted as
// data, so an answer addressing the grader is content to grade), once per task and answer however
// many formats grade it. A criterion the judge leaves unreadable after a second ask scores 0, and the
// run says how many did.

export function buildProviderJudge({
  provider,
  signal,
  call = completeChat,
}: {
  provider: ProviderConfig;
  signal?: AbortSignal;
  call?: (request: ChatRequest) => Promise<{ text: string }>;
}): AttackJudge & { unreadable: () => number } {
  const cache = new Map<string, Promise<Record<string, number>>>();
  let unreadable = 0;
  const judgeOnce = async (task: SnapshotTask, answer: string) => {
    const criteria = task.rubric.criteria;
    const nonce = randomBytes(6).toString("hex");
    const request: ChatRequest = {
      provider,
      system: buildSystemPrompt(criteria, nonce),
      messages: [
        {
          role: "user",
          content: renderJudgeMessage({
            template: task.rubric.judgeTemplate,
            prompt: task.prompt,
            answerKey: task.answerKey,
            criteria,
            transcript: quoteTranscript([{ index: 0, role: "assistant", text: answer }], nonce),
          }),
        },
      ],
      temperature: 0,
      signal,
    };
    let parsed = parseJudgeAnswer((await call(request)).text, criteria);
    if (!parsed.isComplete) {
      const second = parseJudgeAnswer((await call(request)).text, criteria);
      parsed = {
        ...second,
        outcomes: parsed.outcomes.map((o, i) => (o.status === "scored" ? o : second.outcomes[i])),
      };
    }
    const scores: Record<string, number> = {};
    for (const outcome of parsed.outcomes) {
      if (outcome.status === "scored") scores[outcome.key] = outcome.score;
      else {
        scores[outcome.key] = 0;
        unreadable++;
      }
    }
    return scores;
  };
  return {
    kind: "provider",
    note: `Judge-graded criteria were attacked through ${provider.name} (${provider.model}), with each task's judge template and criteria.`,
    score(task, answer) {
      if (task.rubric.criteria.length === 0) return Promise.resolve({});
      const key = `${task.key}\u0000${createHash("sha256").update(answer).digest("hex")}`;
      let scores = cache.get(key);
      if (!scores) {
        scores = judgeOnce(task, answer);
        cache.set(key, scores);
      }
      return scores;
    },
    unreadable: () => unreadable,
  };
}
