import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { PlainText } from "./plain-text";

const SOURCE_FIELD_CHARS = 8_000;

/** What the source file said about a message that has no place of its own, folded under the body. */
export function MessageSourceFields({ metadata }: { metadata: TranscriptMessage["metadata"] }) {
  if (!metadata || Object.keys(metadata).length === 0) return null;
  const json = JSON.stringify(metadata, null, 2);
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-xs text-fg-muted hover:text-fg">
        Source fields ({Object.keys(metadata).length})
      </summary>
      <PlainText
        text={json.length > SOURCE_FIELD_CHARS ? `${json.slice(0, SOURCE_FIELD_CHARS)}\n…` : json}
        className="mt-1 max-h-60 overflow-auto rounded-md bg-surface-muted p-2"
      />
    </details>
  );
}
