// Which rule produced a flagged count (issue #30, item 4): the rules alone (no deployed LLM scanner
// answer), the rules and the deployed model together, the model's cited evidence alone; and the
// flags the model disputed, shown apart because they are kept for review but never counted.

export function VerdictSources({
  bySource,
  disputed,
}: {
  bySource: { rules: number; both: number; model: number };
  disputed: number;
}) {
  return (
    <span className="text-xs text-fg-muted" data-testid="verdict-sources">
      rules alone {bySource.rules} · rules and model {bySource.both} · model alone {bySource.model}
      {disputed > 0 ? ` · ${disputed} disputed by the model (kept for review, not counted)` : ""}
    </span>
  );
}
