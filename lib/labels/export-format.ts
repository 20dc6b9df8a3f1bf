import type { LabelListItem } from "./queries";

// Serializers of the label exports and the API: one JSON shape, written as JSONL or as CSV rows.
// Pure functions, tested against golden strings.

export type LabelJson = ReturnType<typeof toLabelJson>;

export function toLabelJson(item: LabelListItem) {
  return {
    id: item.id,
    rollout: item.rolloutId,
    environment: item.environment,
    task: item.task,
    model: item.model,
    queue: item.queueId,
    version: item.version,
    previousId: item.previousId,
    reviewer: item.reviewer,
    createdAt: item.createdAt.toISOString(),
    verdict: item.verdict,
    categories: item.categories,
    confidence: item.confidence,
    rationale: item.rationale,
    criterionScores: item.criterionScores,
    taskRevision: item.taskRevision,
    spans: item.spans.map((span) => ({
      id: span.id,
      message: span.message,
      kind: span.kind,
      start: span.start,
      end: span.end,
      toolCallId: span.toolCallId,
      part: span.part,
      argumentPath: span.argumentPath,
      category: span.category,
      comment: span.comment,
    })),
  };
}

export function toJsonlLine(item: LabelListItem): string {
  return `${JSON.stringify(toLabelJson(item))}\n`;
}

export const CSV_COLUMNS = [
  "id",
  "rollout",
  "environment",
  "task",
  "model",
  "queue",
  "version",
  "previous_id",
  "reviewer",
  "reviewer_kind",
  "created_at",
  "verdict",
  "categories",
  "confidence",
  "rationale",
  "criterion_scores",
  "task_revision",
  "span_count",
  "spans",
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function toCsvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsvHeader(): string {
  return `${CSV_COLUMNS.join(",")}\r\n`;
}

export function toCsvRow(item: LabelListItem): string {
  const json = toLabelJson(item);
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
    id: json.id,
    rollout: json.rollout,
    environment: json.environment,
    task: json.task,
    model: json.model,
    queue: json.queue,
    version: json.version,
    previous_id: json.previousId,
    reviewer: json.reviewer.name,
    reviewer_kind: json.reviewer.kind,
    created_at: json.createdAt,
    verdict: json.verdict,
    categories: json.categories.join(";"),
    confidence: json.confidence,
    rationale: json.rationale,
    criterion_scores:
      Object.keys(json.criterionScores).length > 0 ? JSON.stringify(json.criterionScores) : "",
    task_revision: json.taskRevision,
    span_count: json.spans.length,
    spans: json.spans.length > 0 ? JSON.stringify(json.spans) : "",
  };
  return `${CSV_COLUMNS.map((column) => toCsvField(cells[column])).join(",")}\r\n`;
}
