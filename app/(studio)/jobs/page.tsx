import type { Metadata } from "next";
import { JobsList } from "@/components/jobs/jobs-list";
import { PageHeader } from "@/components/layout/page-header";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listJobs } from "@/lib/jobs/queries";
import { can } from "@/lib/permissions/rules";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsPage() {
  const { ctx } = await getWorkspacePageContext("/jobs");
  const initial = await listJobs({ ctx, input: { limit: 50 } });
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Background work in this workspace: imports, search indexing, judging, scanning. Jobs run in the studio and in any studio worker process; a job whose worker stops is resumed by another."
      />
      <JobsList initial={initial} canManage={can(ctx.role, "jobs.manage")} />
    </>
  );
}
