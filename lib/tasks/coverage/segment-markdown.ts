// Splits a markdown prompt into sentences with offsets. Decisions (documented for authors):
// - Skipped, never requirements: fenced code (examples, data, expected output), headings, block
//   quotes, tables, HTML comments. An author can still mark a span there by hand.
// - Paragraph text and list items are split into sentences; a list item is always its own unit.
// - A sentence ending in ":" right before a list is that list's lead-in ("Your memo must cover:").

import type { Span } from "./types";

export type PromptSentence = Span & {
  text: string;
  /** Text of the nearest heading above, or null. */
  heading: string | null;
  isListItem: boolean;
  /** The "…:" sentence that introduces the list this item belongs to. */
  leadIn: PromptSentence | null;
  /** Ends in ":" and is followed by list items. */
  introducesList: boolean;
  /** Index of the paragraph or list item the sentence sits in. */
  block: number;
};

const CONTEXT_LABEL_RE = /^[*_]*(background|context|scenario|setting|situation)[*_]*\s*:/i;

type Block = Span & { kind: "paragraph" | "list-item"; indent: number; heading: string | null };

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_RE = /^ {0,3}#{1,6}(?:\s+|$)(.*?)(?:\s+#+\s*)?$/;
const SETEXT_RE = /^ {0,3}(?:=+|-+)\s*$/;
const HR_RE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const LIST_RE = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/;
const TABLE_RE = /^\s*\|/;
const BOLD_LINE_RE = /^ {0,3}(\*\*|__)([^*_\n]+?)\1:?\s*$/;
const TABLE_SEPARATOR_RE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** HTML comments blanked out (same length, so offsets hold). */
function maskComments(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, (m) => m.replace(/[^\n]/g, " "));
}

function listLines(text: string): (Span & { text: string })[] {
  const lines: (Span & { text: string })[] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    lines.push({ start, end: start + line.length, text: line.replace(/\r$/, "") });
    start += line.length + 1;
  }
  return lines;
}

/** Paragraph and list-item blocks, skipping code, headings, quotes and tables. */
function listBlocks(prompt: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let fence: string | null = null;
  let inQuote = false;
  let heading: string | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const line of listLines(maskComments(prompt))) {
    const fenceMatch = FENCE_RE.exec(line.text);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      close();
      fence = fenceMatch[1];
      continue;
    }
    if (line.text.trim() === "") {
      close();
      inQuote = false;
      continue;
    }
    const atx = ATX_RE.exec(line.text);
    if (atx) {
      close();
      heading = atx[1].trim();
      continue;
    }
    const open = current as Block | null;
    if (SETEXT_RE.test(line.text) && open?.kind === "paragraph") {
      heading = prompt.slice(open.start, open.end).trim();
      current = null;
      continue;
    }
    if (HR_RE.test(line.text) || TABLE_RE.test(line.text) || TABLE_SEPARATOR_RE.test(line.text)) {
      close();
      continue;
    }
    if (/^ {0,3}>/.test(line.text) || (inQuote && open === null)) {
      close();
      inQuote = true;
      continue;
    }
    const bold = open ? null : BOLD_LINE_RE.exec(line.text);
    // A bold line is a pseudo-heading for context; it is still classified like any sentence.
    if (bold) heading = bold[2].trim();
    const item = LIST_RE.exec(line.text);
    if (item) {
      close();
      current = {
        kind: "list-item",
        start: line.start + item[0].length,
        end: line.end,
        indent: item[1].length,
        heading,
      };
      continue;
    }
    if (open) open.end = line.end;
    else current = { kind: "paragraph", start: line.start, end: line.end, indent: 0, heading };
  }
  close();
  return blocks.filter((b) => prompt.slice(b.start, b.end).trim() !== "");
}

// Only abbreviations usually followed by a capitalized word; "ms.", "etc.", "min." end sentences.
const ABBREVIATIONS = new Set(
  "e.g i.e vs cf al fig figs eq eqs dr mr mrs prof approx incl resp st jr sr inc ltd corp dept".split(" "),
);

/** Character offsets (relative to `text`) where sentences end. */
function listSentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const m of text.matchAll(/[.!?:]+["')\]*_`]*(?=\s|$)|\n/g)) {
    const at = m.index ?? 0;
    const after = text.slice(at + m[0].length).match(/^\s*(\S)?/)?.[1];
    if (m[0] === "\n") {
      // A line break ends a sentence only when the wrapped line clearly starts a new one.
      const before = text.slice(0, at).trimEnd();
      const lastWord = before.match(/([\p{L}]+)$/u)?.[1]?.toLowerCase() ?? "";
      const isBreak =
        after !== undefined &&
        /\p{Lu}/u.test(after) &&
        /[\p{L}\p{N})"'`*]$/u.test(before) &&
        !/^(?:the|a|an|of|to|in|on|for|by|with|and|or|from|at|as|that|this|your|its|their)$/.test(lastWord);
      if (isBreak) ends.push(at);
      continue;
    }
    if (m[0].startsWith(":") && after !== undefined) continue;
    if (m[0].startsWith(".") && after !== undefined) {
      const word =
        text
          .slice(0, at)
          .match(/([\p{L}.]+)$/u)?.[1]
          ?.toLowerCase() ?? "";
      if (ABBREVIATIONS.has(word.replace(/\.$/, "")) || /^\p{L}$/u.test(word)) continue;
      if (/[\p{Ll}\p{N}]/u.test(after)) continue;
    }
    ends.push(at + m[0].length);
  }
  return ends;
}

/** Non-blank [start, end) pieces of `span` cut at the sentence ends. */
function splitSentences(prompt: string, span: Span): Span[] {
  const text = prompt.slice(span.start, span.end);
  const pieces: Span[] = [];
  let from = 0;
  for (const end of [...listSentenceEnds(text), text.length]) {
    const piece = text.slice(from, end);
    const lead = piece.length - piece.trimStart().length;
    const trimmed = piece.trim();
    if (trimmed !== "") {
      const start = span.start + from + lead;
      pieces.push({ start, end: start + trimmed.length });
    }
    from = end;
  }
  return pieces;
}

/** Every sentence of the prompt that could ask something, in order. */
export function segmentPrompt(prompt: string): PromptSentence[] {
  const sentences: PromptSentence[] = [];
  // Lead-ins by the indent of the list they introduce; a paragraph lead-in covers every level.
  let leadIns: { indent: number; sentence: PromptSentence }[] = [];
  let blockIndex = 0;
  for (const block of listBlocks(prompt)) {
    const isListItem = block.kind === "list-item";
    if (!isListItem) leadIns = [];
    else leadIns = leadIns.filter((l) => l.indent < block.indent);
    const leadIn = isListItem ? (leadIns.at(-1)?.sentence ?? null) : null;
    const pieces = splitSentences(prompt, block);
    // "Context: …" opens a background paragraph: its label is the heading of all its sentences.
    const label = pieces.length ? CONTEXT_LABEL_RE.exec(prompt.slice(pieces[0].start, pieces[0].end)) : null;
    const heading = label ? label[1] : block.heading;
    for (const piece of pieces) {
      const text = prompt.slice(piece.start, piece.end);
      sentences.push({
        ...piece,
        text,
        heading,
        isListItem,
        leadIn,
        introducesList: false,
        block: blockIndex,
      });
    }
    blockIndex++;
    const last = sentences.at(-1);
    if (last && pieces.length > 0 && /:\s*[*_]*$/.test(last.text)) {
      leadIns.push({ indent: isListItem ? block.indent : -1, sentence: last });
    }
  }
  for (const s of sentences) if (s.leadIn) s.leadIn.introducesList = true;
  return sentences;
}
