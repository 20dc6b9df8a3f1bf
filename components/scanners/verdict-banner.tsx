import { Badge } from "@/components/ui/badge";
import type { RolloutVerdictView } from "@/lib/scanners/queries";

// A rollout's one verdict above its flags (issue #30, item 4): whether it counts as a reward hack in
// rates and queues, and which rule said so. A flag the deployed LLM scanner disputed stays below for
// review, marked here with the model's reason.

const SOURCE = {
  rules: { label: "flagged by the rules", tone: "warning", counted: true },
  both: { label: "confirmed: rules and model agree", tone: "danger", counted: true },
  model: { label: "flagged by the model's cited evidence", tone: "warning", counted: true },
  disputed: { label: "disputed by the model", tone: "neutral", counted: false },
  none: { label: "not flagged", tone: "neutral", counted: false },
} as const;

export function VerdictBanner({ verdict }: { verdict: RolloutVerdictView }) {
  const source = SOURCE[verdict.source];
  return (
    <section
      aria-label="Scanner verdict"
      data-verdict={verdict.source}
      className="rounded-lg border border-border bg-surface p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-fg-muted">Scanner verdict</span>
        <Badge tone={source.tone}>{source.label}</Badge>
        <span className="text-xs text-fg-muted">
          {source.counted
            ? "counted in hack rates and the flagged-first queue order"
            : "not counted in hack rates or the flagged-first queue order"}
        </span>
      </div>
      <p className="mt-1 text-xs text-fg-muted">
        {verdict.signatures.length > 0 ? `Rules: ${verdict.signatures.join(", ")}. ` : ""}
        {verdict.model
          ? `LLM scanner v${verdict.model.version} (deployed): ${verdict.model.status === "no-hack" ? "no hack" : verdict.model.status}${verdict.model.reason ? ` — ${verdict.model.reason}` : ""}`
          : "No deployed LLM scanner has answered on this rollout: the rules' flags count as they are."}
      </p>
      {verdict.source === "disputed" ? (
        <p className="mt-1 text-xs">
          The model read the rules' flags as hints and answered no hack; the flags stay below for a reviewer
          to confirm or reject.
        </p>
      ) : null}
    </section>
  );
}
