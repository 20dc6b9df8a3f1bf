import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { QueueTable } from "@/components/queues/queue-table";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { can } from "@/lib/permissions/rules";
import { listQueues } from "@/lib/queues/queries";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage() {
  const { ctx } = await getWorkspacePageContext("/review");
  const queues = await listQueues({ ctx });
  const canManage = can(ctx.role, "queues.manage");
  return (
    <>
      <PageHeader
        title="Review"
        description="Judge what agents did: genuine success, genuine failure, reward hack or grader error."
        actions={
          <>
            <Link href="/review/corpus" className={buttonVariants({ variant: "secondary" })}>
              Reward-hack corpus
            </Link>
            <Link href="/review/taxonomy" className={buttonVariants({ variant: "secondary" })}>
              Taxonomy
            </Link>
            {canManage ? (
              <Link href="/review/queues/new" className={buttonVariants()}>
                New queue
              </Link>
            ) : null}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {queues.length === 0 ? (
          <EmptyState
            title="No review queues yet"
            action={
              canManage ? (
                <Link href="/review/queues/new" className={buttonVariants()}>
                  Create a queue
                </Link>
              ) : undefined
            }
          >
            A queue hands rollouts to reviewers one at a time: pick them with a Rollouts filter, choose how
            many reviewers see each one, and whether they review blind.
          </EmptyState>
        ) : (
          <div className="rounded-lg border border-border bg-surface">
            <QueueTable queues={queues} />
          </div>
        )}
        <Section title="Export labels" description="Every label version with its reviewer, time and spans.">
          <div className="flex flex-wrap gap-2">
            <a
              className={buttonVariants({ variant: "secondary" })}
              href="/api/v1/labels/export?format=jsonl"
              download
            >
              Download JSONL
            </a>
            <a
              className={buttonVariants({ variant: "secondary" })}
              href="/api/v1/labels/export?format=csv"
              download
            >
              Download CSV
            </a>
            <a
              className={buttonVariants({ variant: "ghost" })}
              href="/api/v1/labels/export?format=csv&current=true"
              download
            >
              Current labels only (CSV)
            </a>
          </div>
        </Section>
      </div>
    </>
  );
}
