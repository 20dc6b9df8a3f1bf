import type { LabelVerdict, SpanKind, SpanPart } from "@/lib/values/review-values";

// The label shape every reader shares: the API, the exports and the review UI.

export type SpanRecord = {
  id: string;
  message: number;
  kind: SpanKind;
  start: number | null;
  end: number | null;
  toolCallId: string | null;
  /** Text spans: what the offsets count in (see spanInput); `argumentPath` for an argument's string. */
  part: SpanPart;
  argumentPath: string | null;
  category: string | null;
  comment: string;
};

export type LabelReviewer = { kind: "user" | "api-key"; id: string | null; name: string };

export type LabelRecord = {
  id: string;
  rolloutId: string;
  queueId: string | null;
  version: number;
  previousId: string | null;
  reviewer: LabelReviewer;
  /** `user:<id>` or `api-key:<id>`: groups one reviewer's versions. */
  reviewerKey: string;
  verdict: LabelVerdict;
  categories: string[];
  confidence: number | null;
  rationale: string;
  criterionScores: Record<string, number>;
  taskRevision: string | null;
  createdAt: Date;
  spans: SpanRecord[];
};

export type LabelRow = Omit<LabelRecord, "reviewer" | "spans" | "criterionScores"> & {
  reviewerId: string | null;
  apiKeyId: string | null;
  reviewerName: string;
  criterionScores: unknown;
};

function toScores(value: unknown): Record<string, number> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
  );
}

export function toLabelRecord(row: LabelRow, spans: SpanRecord[]): LabelRecord {
  const { reviewerId, apiKeyId, reviewerName, criterionScores, ...rest } = row;
  return {
    ...rest,
    reviewer:
      reviewerId || row.reviewerKey.startsWith("user:")
        ? { kind: "user", id: reviewerId, name: reviewerName }
        : { kind: "api-key", id: apiKeyId, name: reviewerName },
    criterionScores: toScores(criterionScores),
    spans,
  };
}

/** A span's own link: the message anchor, with the span id for the side panel to select it. */
export function buildSpanHref(base: string, span: Pick<SpanRecord, "id" | "message">): string {
  return `${base}${base.includes("?") ? "&" : "?"}span=${span.id}#m-${span.message}`;
}
