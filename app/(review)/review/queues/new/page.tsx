import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { QueueForm } from "@/components/queues/queue-form";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listReviewingMembers } from "@/lib/queues/queries";
import { queueFilterInput } from "@/lib/queues/schemas";
import { listRolloutFacets } from "@/lib/rollouts/queries";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "New review queue" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NewQueuePage({ searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/review/queues/new");
  // A Rollouts filter in the query string (?environment=…&minReward=…) pre-fills the queue's filter.
  const filter = queueFilterInput.parse(readSearchParams(await searchParams));
  const [facets, members] = await Promise.all([listRolloutFacets({ ctx }), listReviewingMembers({ ctx })]);
  return (
    <>
      <PageHeader
        title="New review queue"
        description="Items are drawn from the matching rollouts now; sync the queue later to add new ones."
      />
      <QueueForm facets={facets} members={members} filter={filter} />
    </>
  );
}
