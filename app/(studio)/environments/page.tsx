import type { Metadata } from "next";
import Link from "next/link";
import { CreateEnvironmentForm } from "@/components/environments/create-environment-form";
import { EnvironmentList } from "@/components/environments/environment-list";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listEnvironments } from "@/lib/environments/queries";
import { can } from "@/lib/permissions/rules";

export const metadata: Metadata = { title: "Environments" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EnvironmentsPage({ searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments");
  const showArchived = (await searchParams).archived === "1";
  const environments = await listEnvironments({ ctx, includeArchived: showArchived });
  const canWrite = can(ctx.role, "environments.write");
  return (
    <>
      <PageHeader
        title="Environments"
        description="An environment is a set of tasks: what the agent sees, a hidden answer key, and a grader that checks everything the prompt asks."
        actions={
          <Link
            href={showArchived ? "/environments" : "/environments?archived=1"}
            className="text-sm text-accent underline"
          >
            {showArchived ? "Hide archived" : "Show archived"}
          </Link>
        }
      />
      <div className="flex flex-col gap-8">
        {environments.length === 0 ? (
          <EmptyState title={showArchived ? "No environments" : "No environments yet"}>
            {canWrite
              ? "Create one below. You can start its tasks from worked AI-safety templates (experiment design, redacted reproduction, paper critique, governance impact) or import them from JSONL or CSV."
              : "Authors create environments; when they do, they appear here."}
          </EmptyState>
        ) : (
          <EnvironmentList environments={environments} />
        )}
        {canWrite ? (
          <Section
            title="New environment"
            description="Name it; the slug is derived from the name until you edit it."
          >
            <CreateEnvironmentForm />
          </Section>
        ) : null}
      </div>
    </>
  );
}
