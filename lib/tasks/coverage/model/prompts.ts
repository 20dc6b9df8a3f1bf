// Short, versioned prompts for the model-assisted coverage check. Each asks one question and wants
// one JSON object back. Bump PROMPT_VERSION whenever a prompt's wording changes: cached answers are
// keyed by it, so an edit re-asks instead of reusing answers to another question.

import type { SentenceMark } from "../types";

export const PROMPT_VERSION = "coverage-2026-12-01";

export type ModelQuestion =
  | { kind: "asks"; sentence: string; context: string; examples: SentenceMark[] }
  | { kind: "covers"; requirement: string; criterion: string }
  | { kind: "leaks"; keyPiece: string; passage: string };

export type ModelAnswer = { verdict: boolean; reason: string };

const SYSTEM =
  "You review reinforcement-learning tasks written by experts. Answer with one JSON object and nothing else.";

export function buildPrompt(question: ModelQuestion): { system: string; user: string } {
  if (question.kind === "asks") {
    const examples = question.examples
      .slice(0, 6)
      .map((e) => `- "${e.text}" → ${e.verdict === "requirement" ? "asks" : "background"}`)
      .join("\n");
    return {
      system: SYSTEM,
      user: `Does this sentence of a task prompt ask something of the agent (an instruction, a constraint on its deliverable, a question to answer), or is it background (a description of the world, a quotation, a regulation's own duties, a hint)?\n\nSentence: "${question.sentence}"\nSection: ${question.context || "(none)"}\n${examples ? `\nHow this workspace's authors decided before:\n${examples}\n` : ""}\nAnswer {"verdict": true if it asks, false if background, "reason": "one short sentence"}.`,
    };
  }
  if (question.kind === "covers") {
    return {
      system: SYSTEM,
      user: `Would a grader applying this criterion notice if the agent ignored this requirement?\n\nRequirement: "${question.requirement}"\nCriterion: "${question.criterion}"\n\nAnswer {"verdict": true if the criterion checks the requirement (in other words counts), false if not, "reason": "one short sentence"}.`,
    };
  }
  return {
    system: SYSTEM,
    user: `The hidden answer key of a task contains: "${question.keyPiece}". This passage is visible to the agent: "${question.passage}"\n\nDoes the passage give the answer away (the agent could copy the answer from it), rather than merely mention the same term?\n\nAnswer {"verdict": true if it gives the answer away, false if not, "reason": "one short sentence"}.`,
  };
}

/** The model's JSON answer, tolerant of code fences and prose around it; null when unreadable. */
export function parseAnswer(text: string): ModelAnswer | null {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) return null;
  try {
    const value = JSON.parse(match[0]) as { verdict?: unknown; reason?: unknown };
    if (typeof value.verdict !== "boolean") return null;
    return {
      verdict: value.verdict,
      reason: typeof value.reason === "string" ? value.reason.slice(0, 500) : "",
    };
  } catch {
    return null;
  }
}
