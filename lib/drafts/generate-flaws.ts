import "server-only";
import type { EnvironmentDocument } from "@/db/schema";
import { buildFlawTask } from "./flaw-task";
import { splitParagraphs, splitSentences } from "./passages";
import { type FlawKind, plantFlaw } from "./plant-flaw";
import type { NewDraft } from "./store-draft";

// Reverse-direction drafts: one planted flaw per passage, from the paragraphs that can take one.

const MIN_PASSAGE_CHARS = 120;
const MAX_PASSAGE_CHARS = 2_500;

export function draftFlaws({
  document,
  kind,
  count,
}: {
  document: Pick<EnvironmentDocument, "id" | "name" | "text">;
  kind: FlawKind;
  count: number;
}): NewDraft[] {
  const drafts: NewDraft[] = [];
  for (const paragraph of splitParagraphs(document.text)) {
    if (drafts.length >= count) break;
    const passage = paragraph.text.replace(/\s+/g, " ");
    if (passage.length < MIN_PASSAGE_CHARS || passage.length > MAX_PASSAGE_CHARS) continue;
    if (splitSentences(passage).length < 2) continue;
    const flaw = plantFlaw({ passage, kind });
    if (!flaw) continue;
    const { content, reason } = buildFlawTask({ documentName: document.name, flaw });
    drafts.push({ kind: "flaw", content, reason, documentId: document.id });
  }
  return drafts;
}
