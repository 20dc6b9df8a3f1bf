import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { SettingsNav } from "@/components/settings/settings-nav";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { listAuditLog } from "@/lib/audit/queries";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { formatDateTime } from "@/lib/rollouts/format";

export const metadata: Metadata = { title: "Audit log" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditLogPage({ searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/settings/audit");
  const { before } = await searchParams;
  const page = await listAuditLog({
    ctx,
    input: { before: typeof before === "string" ? before : undefined },
  });
  const isFirstPage = typeof before !== "string";
  return (
    <>
      <PageHeader title="Settings" description={`Workspace ${ctx.workspace.name} (${ctx.workspace.slug}).`} />
      <SettingsNav role={ctx.role} current="/settings/audit" />
      <Section
        title="Audit log"
        description="Every change in this workspace: who did what to which thing, and when. Newest first."
      >
        {page.entries.length === 0 ? (
          <p className="text-sm text-fg-muted">
            {isFirstPage ? "Nothing has changed yet." : "No older entries."}
          </p>
        ) : (
          <Table aria-label="Audit log">
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Who</Th>
                <Th>Action</Th>
                <Th>What</Th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.id}>
                  <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
                  <Td className="break-all">{entry.actor}</Td>
                  <Td className="font-mono text-xs">{entry.action}</Td>
                  <Td>
                    <span className="text-fg-muted">{entry.target.type}</span>{" "}
                    {entry.target.href ? (
                      <Link href={entry.target.href} className="text-accent hover:underline">
                        {entry.target.label}
                      </Link>
                    ) : (
                      <span>{entry.target.label}</span>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <nav aria-label="Audit log pages" className="flex gap-4 text-sm">
          {isFirstPage ? null : (
            <Link href="/settings/audit" className="text-accent underline">
              Newest entries
            </Link>
          )}
          {page.nextCursor ? (
            <Link
              href={`/settings/audit?before=${encodeURIComponent(page.nextCursor)}`}
              className="text-accent underline"
            >
              Older entries
            </Link>
          ) : null}
        </nav>
      </Section>
    </>
  );
}
