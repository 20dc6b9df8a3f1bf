import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { getWorkspacePageContext } from "@/lib/auth/current";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage() {
  await getWorkspacePageContext("/review");
  return (
    <>
      <PageHeader
        title="Review"
        description="Judge what agents did: genuine success, genuine failure, reward hack or grader error."
      />
      <EmptyState title="No review queues yet">
        Review queues hand you rollouts one at a time. Until a queue exists, open any rollout from the
        Rollouts list to read its transcript.
      </EmptyState>
    </>
  );
}
