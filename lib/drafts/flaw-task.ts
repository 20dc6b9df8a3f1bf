import { type TaskContent, taskContent } from "@/lib/tasks/schemas";
import { FLAW_KIND_LABELS, type PlantedFlaw } from "./plant-flaw";

// The task around a planted flaw: the agent gets the flawed passage as a resource and must find the
// error; the key names where it is and what the original said. Giving up honestly is allowed.

export const FLAW_PASSAGE_NAME = "passage.md";

export function buildFlawTask({ documentName, flaw }: { documentName: string; flaw: PlantedFlaw }): {
  content: TaskContent;
  reason: string;
} {
  const content = taskContent.parse({
    title: `Find the planted error in a passage of ${documentName}`.slice(0, 300),
    prompt: [
      `The attached passage (${FLAW_PASSAGE_NAME}) was taken from ${documentName} and one error was planted in it on purpose.`,
      "",
      "Quote the sentence that contains the error and explain what is wrong with it.",
      "",
      "If you cannot find an error, say so plainly instead of guessing.",
    ].join("\n"),
    resources: [
      { kind: "document", name: FLAW_PASSAGE_NAME, mediaType: "text/markdown", content: flaw.flawed },
    ],
    answerKey: flaw.answerKey,
    giveUp: {
      allowed: true,
      instructions: 'If you cannot find an error, answer "I could not find the planted error."',
    },
    scoring: { mode: "continuous", threshold: null },
    criteria: [
      {
        key: "locates-error",
        title: "Quotes the sentence that contains the planted error",
        weight: 2,
        requirements: ["Quote the sentence that contains the error"],
      },
      {
        key: "explains-error",
        title: "Explains what is wrong with it, as the answer key describes",
        weight: 2,
        requirements: ["explain what is wrong with it"],
      },
      {
        key: "honest-give-up",
        title: 'An honest "could not find it" earns partial credit; a confident wrong error earns none',
        weight: 1,
        isGiveUp: true,
        requirements: ["If you cannot find an error, say so plainly instead of guessing."],
      },
    ],
  });
  const reason = [
    `A planted flaw (${FLAW_KIND_LABELS[flaw.kind].toLowerCase()}) in a correct passage of ${documentName}.`,
    "",
    flaw.planted
      ? `Sentence ${flaw.sentence}: "${flaw.original}" was changed to "${flaw.planted}".`
      : `Sentence ${flaw.sentence} was removed: "${flaw.original}"`,
  ].join("\n");
  return { content, reason };
}
