import type { NormalizedMessage } from "./types";

// Whether an agent gave up instead of answering. Tasks that allow giving up ask for a line starting
// with `GIVE UP:` (lib/tasks/templates); a live item can also say so in `metadata.gaveUp`.

const GIVE_UP_LINE = /^\s*give up\s*:/im;

export function hasGivenUp(messages: NormalizedMessage[], metadata: Record<string, unknown> = {}): boolean {
  if (metadata.gaveUp === true || metadata.gave_up === true) return true;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message.role === "assistant" && message.text) return GIVE_UP_LINE.test(message.text);
  }
  return false;
}
