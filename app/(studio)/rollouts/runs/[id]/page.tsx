import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { RunDashboard } from "@/components/runs/run-dashboard";
import { buttonVariants } from "@/components/ui/button";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { toNotFound } from "@/lib/not-found";
import { getRunSummary, listRunSteps } from "@/lib/runs/queries";

export const metadata: Metadata = { title: "Run" };

type Props = { params: Promise<{ id: string }> };

export default async function RunPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/rollouts/runs/[id]");
  const { id } = await params;
  const loaded = await Promise.all([getRunSummary({ ctx, id }), listRunSteps({ ctx, id })]).catch(toNotFound);
  const [run, steps] = loaded;
  const details = Object.entries(run.metadata)
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
    .slice(0, 8);
  return (
    <>
      <PageHeader
        title={run.name}
        description={
          [
            run.kind === "live" ? "Live run" : "Import",
            run.environment ? `environment ${run.environment}` : null,
          ]
            .filter(Boolean)
            .join(" · ") || undefined
        }
        actions={
          <>
            <Link href={`/rollouts?run=${run.id}`} className={buttonVariants({ variant: "secondary" })}>
              All rollouts
            </Link>
            <Link href="/rollouts/runs" className={buttonVariants({ variant: "ghost" })}>
              ← Runs
            </Link>
          </>
        }
      />
      {details.length > 0 ? (
        <dl className="mb-4 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {details.map(([key, value]) => (
            <div key={key} className="flex gap-1">
              <dt className="text-fg-muted">{key}</dt>
              <dd className="font-mono text-xs leading-5">{String(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <RunDashboard
        run={{
          ...run,
          createdAt: run.createdAt.toISOString(),
          finishedAt: run.finishedAt?.toISOString() ?? null,
        }}
        steps={steps}
      />
    </>
  );
}
