import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { TaskImportForm } from "@/components/tasks/task-import-form";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getEnvironmentOverview } from "@/lib/environments/queries";
import { toNotFound } from "@/lib/not-found";
import { CSV_COLUMNS } from "@/lib/tasks/transfer/task-rows";

export const metadata: Metadata = { title: "Import tasks" };

type Props = { params: Promise<{ slug: string }> };

const EXAMPLE = JSON.stringify({
  key: "count-runs",
  title: "Count covered training runs",
  prompt: "Count the runs in runs.csv that exceed 10^26 FLOP. End with COUNT: <n>.",
  answerKey: "6",
  giveUp: { allowed: false, instructions: "" },
  scoring: { mode: "threshold", threshold: 1 },
  criteria: [],
  checks: [
    {
      key: "count",
      kind: "number-tolerance",
      requirements: ["Count the runs in runs.csv that exceed 10^26 FLOP."],
      config: { expected: 6, extract: "COUNT:\\s*(\\d+)" },
    },
  ],
});

export default async function ImportTasksPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/import");
  const { slug } = await params;
  const environment = await getEnvironmentOverview({ ctx, slug }).catch(toNotFound);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href={`/environments/${slug}`} className="hover:underline">
          {environment.name}
        </Link>{" "}
        / Import tasks
      </nav>
      <PageHeader
        title="Import tasks"
        description="Valid rows become tasks (revision 1); every bad row is reported with its row, field and reason, and the others still import. Export gives the same format back."
      />
      <div className="flex flex-col gap-6">
        <Section title="Rows">
          <TaskImportForm slug={slug} />
        </Section>
        <Section title="Formats">
          <div className="flex flex-col gap-3 text-sm text-fg-muted">
            <p>
              <strong className="text-fg">JSONL</strong>: one task per line, the body of{" "}
              <code className="font-mono">POST /api/v1/environments/{"{slug}"}/tasks</code>. Criteria and
              checks name the prompt requirements they check by id or by the sentence itself.
            </p>
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable example must be reachable by keyboard.
              tabIndex={0}
              aria-label="Example JSONL line"
              className="overflow-x-auto rounded-md bg-surface-muted p-3"
            >
              <pre className="font-mono text-xs text-fg">{EXAMPLE}</pre>
            </section>
            <p>
              <strong className="text-fg">CSV</strong>: a header row, then one task per row. Columns:{" "}
              <span className="font-mono text-xs">{CSV_COLUMNS.map((c) => c.column).join(", ")}</span>. The
              list columns (criteria, checks, resources…) hold JSON; tags are separated by semicolons.
            </p>
          </div>
        </Section>
      </div>
    </>
  );
}
