"use client";

import { useState } from "react";
import { MessageRow } from "@/components/transcripts/message-row";
import { Button } from "@/components/ui/button";
import type { SnapshotMessage } from "@/lib/exports/snapshot";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { pairToolCalls } from "@/lib/rollouts/pair-tool-calls";

// A sample transcript from a version's snapshot, in the studio's own message rows (tool calls
// paired with their results, markdown sanitized). Samples are capped at 2,000 messages when chosen,
// so the whole transcript is rendered; nothing is fetched.

function toTranscriptMessage(message: SnapshotMessage, index: number): TranscriptMessage {
  return {
    index,
    role: message.role,
    content: message.text,
    contentLength: message.text.length,
    reasoning: message.reasoning,
    reasoningLength: message.reasoning?.length ?? 0,
    parts: [],
    toolCalls: message.toolCalls,
    toolCallId: message.toolCallId,
    toolName: message.toolName,
    error: message.error,
    tokens: null,
    model: message.model,
    sentAt: null,
    metadata: null,
  };
}

export function SampleTranscript({ sampleId, messages }: { sampleId: string; messages: SnapshotMessage[] }) {
  const [isMarkdown, setIsMarkdown] = useState(true);
  const rows = messages.map(toTranscriptMessage);
  const pairing = pairToolCalls(rows);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button variant="ghost" size="sm" onClick={() => setIsMarkdown(!isMarkdown)}>
          {isMarkdown ? "Show plain text" : "Show markdown"}
        </Button>
      </div>
      <section className="flex flex-col gap-3" aria-label="Transcript">
        {rows.map((message) => (
          <MessageRow
            key={message.index}
            rolloutId={sampleId}
            index={message.index}
            message={message}
            pairing={pairing}
            isCurrent={false}
            isMatch={false}
            isMarkdown={isMarkdown}
            isLoadingAround={false}
          />
        ))}
      </section>
    </div>
  );
}
