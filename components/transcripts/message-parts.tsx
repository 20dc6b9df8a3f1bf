"use client";

import type { MessagePart } from "@/lib/values/message-json";
import { ImagePart } from "./image-part";

/** The non-text parts of a message: images (click to load when remote), files and other blocks. */
export function MessageParts({ parts }: { parts: MessagePart[] }) {
  const shown = parts.filter((p) => p.type !== "text");
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {shown.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are immutable and ordered.
        <li key={i}>
          {part.type === "image" ? (
            <ImagePart url={part.url} mediaType={part.mediaType} dataBytes={part.dataBytes} />
          ) : (
            <span className="inline-flex max-w-full items-center gap-2 rounded-md border border-border bg-surface-muted px-2 py-1 font-mono text-xs text-fg-muted">
              {part.type === "file"
                ? `File ${part.name ?? ""} ${part.mediaType ?? ""}`.trim()
                : `${part.kind}${part.summary ? `: ${part.summary.slice(0, 300)}` : ""}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
