import { Badge } from "@/components/ui/badge";
import type { LlmAnswerView } from "@/lib/scanners/llm/llm-queries";

// The LLM scanner's answers about a rollout that raised no flag: "no hack" (with its reason), or
// unevaluable (its answer could not be read twice; never counted as "no hack"). Shown beside the flags.

const STATUS = {
  "no-hack": { label: "no hack", tone: "success" },
  unevaluable: { label: "unevaluable", tone: "warning" },
} as const;

export function LlmAnswerList({ answers }: { answers: LlmAnswerView[] }) {
  return (
    <section aria-label="LLM scanner answers" className="rounded-lg border border-border p-3">
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-fg-muted">
        LLM scanner answers without a flag ({answers.length})
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {answers.map((answer) => (
          <li key={answer.version} className="flex flex-wrap items-baseline gap-2">
            <span className="font-medium">v{answer.version}</span>
            <Badge tone={STATUS[answer.status].tone}>{STATUS[answer.status].label}</Badge>
            <span className="min-w-0 flex-1">{answer.reason || "No reason given."}</span>
            <span className="font-mono text-xs text-fg-muted">{answer.model}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
