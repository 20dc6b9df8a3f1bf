import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { ApiKeyForm } from "@/components/settings/api-key-form";
import { RevokeButton } from "@/components/settings/revoke-button";
import { SettingsNav } from "@/components/settings/settings-nav";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { listApiKeys } from "@/lib/accounts/queries";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { formatDateTime } from "@/lib/rollouts/format";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { ctx } = await getWorkspacePageContext("/settings/api-keys");
  const keys = await listApiKeys({ ctx });
  return (
    <>
      <PageHeader title="Settings" description={`Workspace ${ctx.workspace.name} (${ctx.workspace.slug}).`} />
      <SettingsNav role={ctx.role} current="/settings/api-keys" />
      <Section
        title="API keys"
        description="Keys act with a role in this workspace, for scripts, the Python client and training runs. Send them as 'Authorization: Bearer <key>'. A key is shown once, when created."
      >
        <ApiKeyForm />
        {keys.length === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-fg-muted">
            No API keys yet. Create one above to import rollouts or stream a training run from a script.
          </p>
        ) : (
          <Table aria-label="API keys">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Key</Th>
                <Th>Role</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th className="text-right">Status</Th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id}>
                  <Td>{k.name}</Td>
                  <Td className="font-mono text-xs">{k.prefix}…</Td>
                  <Td>{k.role}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(k.createdAt)}</Td>
                  <Td className="whitespace-nowrap">
                    {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "never"}
                  </Td>
                  <Td className="text-right">
                    {k.revokedAt ? (
                      <Badge tone="danger">revoked</Badge>
                    ) : (
                      <RevokeButton kind="api-key" id={k.id} label={`Revoke key ${k.name}`} />
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
    </>
  );
}
