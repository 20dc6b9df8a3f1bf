import Link from "next/link";
import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { DraftView } from "@/lib/drafts/queries";
import { DraftDecision } from "./draft-decision";

const KIND_LABELS = { grounded: "Grounded in a document", flaw: "Planted flaw", variant: "Variant" } as const;

function suggestKey(title: string, id: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "draft"}-${id.slice(0, 4)}`;
}

/** One proposed draft: what the agent would see, the key with every fact's source, and the decision. */
export function DraftCard({ draft, environment }: { draft: DraftView; environment: string }) {
  return (
    <Card className="flex flex-col gap-3" aria-label={`Draft: ${draft.title}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold">{draft.title}</h3>
        <Badge tone="accent">{KIND_LABELS[draft.kind]}</Badge>
        {draft.exchangeCount ? (
          <span className="text-xs text-fg-muted">
            {draft.exchangeCount} model call(s) kept for audit · ${draft.costUsd.toFixed(4)}
          </span>
        ) : null}
      </div>
      <SafeMarkdown text={draft.reason} />
      <details>
        <summary className="cursor-pointer text-sm font-medium">Prompt</summary>
        <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap text-sm">{draft.prompt}</pre>
      </details>
      <div className="text-sm">
        <p className="font-medium">Answer key</p>
        <pre className="whitespace-pre-wrap">{draft.answerKey}</pre>
      </div>
      {draft.citations.length ? (
        <div className="text-sm">
          <p className="font-medium">Sources of the key facts</p>
          <ol className="ml-5 list-decimal">
            {draft.citations.map((c) => (
              <li key={`${c.start}-${c.fact}`}>
                {c.fact}{" "}
                <span className="text-fg-muted">
                  — “<q>{c.quote}</q>” ({c.documentName}
                  {c.page ? `, p. ${c.page}` : ""}, characters {c.start}–{c.end})
                </span>
              </li>
            ))}
          </ol>
          {draft.droppedCount ? (
            <p className="text-fg-muted">
              {draft.droppedCount} proposed fact(s) had no supporting passage or were contradicted, and were
              dropped.
            </p>
          ) : null}
        </div>
      ) : null}
      {draft.status === "proposed" ? (
        <DraftDecision
          draftId={draft.id}
          environment={environment}
          defaultKey={suggestKey(draft.title, draft.id)}
        />
      ) : draft.acceptedKey ? (
        <Link
          href={`/environments/${environment}/tasks/${encodeURIComponent(draft.acceptedKey)}`}
          className="text-sm underline"
        >
          Accepted as {draft.acceptedKey}
        </Link>
      ) : null}
    </Card>
  );
}
