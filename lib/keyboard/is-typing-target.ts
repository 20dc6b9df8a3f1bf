// Single-key shortcuts (review: 1–6, s, n, p; transcript: j, k, g, G, /) step aside while the reader
// types into a field. Only fields that take text count: a focused checkbox, radio or button must
// leave the shortcuts working, or a keyboard-only reviewer who ticks a category can't submit.

/** Input types that take no typed text: keys pressed on them are free for shortcuts. */
const KEYLESS_INPUT_TYPES = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "hidden",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

type KeyTarget = { tagName?: unknown; type?: unknown; isContentEditable?: unknown };

/** Whether a key event's target is a text field (input, textarea, select, contenteditable). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as KeyTarget | null;
  if (!element || typeof element.tagName !== "string") return false;
  if (element.isContentEditable === true) return true;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  if (element.tagName !== "INPUT") return false;
  const type = typeof element.type === "string" ? element.type.toLowerCase() : "text";
  return !KEYLESS_INPUT_TYPES.has(type);
}
