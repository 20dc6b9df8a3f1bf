import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { getWorkspacePageContext } from "@/lib/auth/current";

export const metadata: Metadata = { title: "Environments" };

export default async function EnvironmentsPage() {
  await getWorkspacePageContext("/environments");
  return (
    <>
      <PageHeader
        title="Environments"
        description="An environment is a set of tasks: what the agent sees, a hidden answer key, and a grader."
      />
      <EmptyState title="No environments yet">
        Environments group the tasks you author. Import the rollouts agents produced under Rollouts while
        authoring is being built; rollouts link to an environment's tasks by task key.
      </EmptyState>
    </>
  );
}
