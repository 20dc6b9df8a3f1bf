"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { QueueItemNav } from "@/components/queues/queue-item-nav";
import { TranscriptPane } from "@/components/transcripts/transcript-pane";
import { Button } from "@/components/ui/button";
import { submitLabel } from "@/lib/labels/actions";
import type { ScoringCriterion } from "@/lib/labels/criteria-queries";
import { buildSpanHref, type LabelRecord, type SpanRecord } from "@/lib/labels/label-record";
import type { TaxonomyNode } from "@/lib/labels/taxonomy-tree";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import type { LabelVerdict } from "@/lib/values/review-values";
import { LabelFields } from "./label-fields";
import { OtherLabels } from "./other-labels";
import { type DraftSpan, fromSpanRecord, toHighlight } from "./span-draft";
import { SpanList } from "./span-list";
import { useLabelDraft } from "./use-label-draft";
import { useReviewKeys } from "./use-review-keys";
import { useSpanSelection } from "./use-span-selection";

type Props = {
  rolloutId: string;
  messageCount: number;
  taxonomy: TaxonomyNode[];
  criteria: ScoringCriterion[];
  /** Every visible version of every visible label, oldest first. */
  labels: LabelRecord[];
  /** Other reviewers' labels withheld until the caller submits (blind review). */
  hiddenCount: number;
  myReviewerKey: string | null;
  isEditable: boolean;
  /** The page's own URL, which span links extend with ?span= and #m-. */
  spanLinkBase: string;
  activeSpanId: string | null;
  /** Working a queue item: labels complete it, n takes the next item and p goes back. */
  queue?: { id: string; itemId: string; previousHref: string | null };
};

/** Reviewing one rollout: the transcript with span highlights beside the label form and other labels. */
export function LabelWorkbench(props: Props) {
  const { rolloutId, messageCount, taxonomy, labels, myReviewerKey, isEditable, spanLinkBase } = props;
  const router = useRouter();
  const nextFormRef = useRef<HTMLFormElement>(null);
  const mine = labels.filter((l) => l.reviewerKey === myReviewerKey).at(-1) ?? null;
  const draft = useLabelDraft(mine);
  const transcriptRef = useRef<HTMLDivElement>(null);
  const selection = useSpanSelection(rolloutId, transcriptRef);
  const [activeKey, setActiveKey] = useState<string | null>(props.activeSpanId);
  const [error, setError] = useState<string | null>(null);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [isPending, startTransition] = useTransition();
  const families = new Map(taxonomy.map((c) => [c.key, c.family]));
  const names = new Map(taxonomy.map((c) => [c.key, c.name]));
  const others = latestPerReviewer(labels.filter((l) => l.reviewerKey !== myReviewerKey));

  const highlights = [
    ...(isEditable ? draft.spans : (mine?.spans.map(fromSpanRecord) ?? [])).map((span) =>
      toHighlight(span, { families, names, isActive: span.key === activeKey }),
    ),
    ...others.flatMap((label) =>
      label.spans.map((span) =>
        toHighlight(fromSpanRecord(span), {
          families,
          names,
          prefix: `${label.reviewer.name} · `,
          isMuted: true,
          isActive: span.id === activeKey,
        }),
      ),
    ),
  ];

  function focusSpan(span: Pick<DraftSpan, "key" | "message"> | SpanRecord) {
    const key = "key" in span ? span.key : span.id;
    setActiveKey(key);
    const isSaved = labels.some((l) => l.spans.some((s) => s.id === key));
    if (isSaved)
      history.replaceState(
        null,
        "",
        buildSpanHref(spanLinkBase, { id: key, message: span.message }).split("#")[0],
      );
    const hash = `#m-${span.message}`;
    if (location.hash === hash) location.hash = "";
    location.hash = hash;
  }

  function submit() {
    if (!isEditable || isPending) return;
    const body = draft.toInput();
    if (!body) return setError("Choose a verdict first (keys 1–6).");
    setError(null);
    startTransition(async () => {
      const result = await submitLabel({
        ...body,
        rolloutId,
        queueId: props.queue?.id ?? null,
        basedOnVersion: mine?.version ?? 0,
      });
      if (!result.ok) return setError(result.error.message);
      setSavedVersion(result.data.version);
      router.refresh();
    });
  }

  useReviewKeys({
    isEnabled: true,
    onVerdict: (verdict: LabelVerdict) => isEditable && draft.setVerdict(verdict),
    onSubmit: submit,
    onNext: props.queue ? () => nextFormRef.current?.requestSubmit() : undefined,
    onPrevious: props.queue?.previousHref ? () => router.push(props.queue!.previousHref!) : undefined,
  });

  function renderMessageActions(message: TranscriptMessage) {
    const add = (
      span: Omit<DraftSpan, "key" | "category" | "comment" | "start" | "end" | "part" | "argumentPath"> &
        Partial<DraftSpan>,
    ) =>
      draft.addSpan({
        start: null,
        end: null,
        part: "content",
        argumentPath: null,
        category: null,
        comment: "",
        ...span,
      });
    return (
      <>
        {message.toolCalls.map((call) => (
          <Button
            key={call.id}
            size="sm"
            variant="ghost"
            className="h-6 px-2 text-xs"
            onClick={() => add({ message: message.index, kind: "tool-call", toolCallId: call.id })}
          >
            Mark call {call.name}
          </Button>
        ))}
        {message.role === "tool" ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-6 px-2 text-xs"
            onClick={() => add({ message: message.index, kind: "tool-result", toolCallId: null })}
          >
            Mark result
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div ref={transcriptRef}>
        <TranscriptPane
          rolloutId={rolloutId}
          messageCount={messageCount}
          highlights={highlights}
          renderMessageActions={isEditable ? renderMessageActions : undefined}
        />
      </div>
      <aside
        aria-label="Review"
        className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 xl:sticky xl:top-20 xl:max-h-[calc(100dvh-6rem)] xl:overflow-y-auto"
      >
        {props.queue ? (
          <QueueItemNav
            formRef={nextFormRef}
            queueId={props.queue.id}
            itemId={props.queue.itemId}
            previousHref={props.queue.previousHref}
            isDone={mine !== null}
          />
        ) : null}
        <form
          aria-label="Your label"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2 className="text-base font-semibold">
            {mine ? `Your label (version ${mine.version})` : "Your label"}
          </h2>
          <LabelFields draft={draft} taxonomy={taxonomy} criteria={props.criteria} isDisabled={!isEditable} />
          <SpanList
            spans={isEditable ? draft.spans : (mine?.spans.map(fromSpanRecord) ?? [])}
            taxonomy={taxonomy}
            pending={selection.pending}
            problem={selection.problem}
            activeKey={activeKey}
            isEditable={isEditable}
            getHref={(span) =>
              labels.some((l) => l.spans.some((s) => s.id === span.key))
                ? buildSpanHref(spanLinkBase, { id: span.key, message: span.message })
                : null
            }
            onAddPending={() => {
              if (!selection.pending) return;
              draft.addSpan({ ...selection.pending, kind: "text", category: null, comment: "" });
              selection.clear();
            }}
            onCancelPending={selection.clear}
            onChange={draft.updateSpan}
            onRemove={draft.removeSpan}
            onFocus={focusSpan}
          />
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          {savedVersion !== null && !error ? (
            <p role="status" className="text-sm text-success">
              Saved version {savedVersion}.
            </p>
          ) : null}
          {isEditable ? (
            <Button type="submit" disabled={isPending}>
              {/* One verb wherever a label is saved (a queue item or a rollout's page), as the status says. */}
              {isPending ? "Saving…" : mine ? `Save label as version ${mine.version + 1}` : "Save label"}{" "}
              <kbd className="font-mono text-[11px] opacity-70">s</kbd>
            </Button>
          ) : null}
        </form>
        <OtherLabels
          others={others}
          hiddenCount={props.hiddenCount}
          history={labels.filter((l) => !others.includes(l) && l !== mine)}
          categoryNames={names}
          spanLinkBase={spanLinkBase}
          onSpanClick={(span) => focusSpan(span)}
        />
      </aside>
    </div>
  );
}

function latestPerReviewer(labels: LabelRecord[]): LabelRecord[] {
  const latest = new Map<string, LabelRecord>();
  for (const label of labels) {
    const seen = latest.get(label.reviewerKey);
    if (!seen || seen.version < label.version) latest.set(label.reviewerKey, label);
  }
  return [...latest.values()];
}
