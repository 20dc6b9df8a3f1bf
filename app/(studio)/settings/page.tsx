import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { AddMemberForm } from "@/components/settings/add-member-form";
import { CreateWorkspaceForm } from "@/components/settings/create-workspace-form";
import { InviteForm } from "@/components/settings/invite-form";
import { MemberRowActions } from "@/components/settings/member-row-actions";
import { ProviderForm } from "@/components/settings/provider-form";
import { ProviderRowActions } from "@/components/settings/provider-row-actions";
import { RevokeButton } from "@/components/settings/revoke-button";
import { SentenceMarksSection } from "@/components/settings/sentence-marks-section";
import { SettingsNav } from "@/components/settings/settings-nav";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { listMembers, listOpenInvites } from "@/lib/accounts/queries";
import { getPageContext } from "@/lib/auth/current";
import { can } from "@/lib/permissions/rules";
import { listProviders } from "@/lib/providers/queries";
import { formatDateTime } from "@/lib/rollouts/format";
import { listSentenceMarks } from "@/lib/tasks/sentence-mark-queries";

export const metadata: Metadata = { title: "Settings" };

const formatDate = (d: Date | null) => (d ? formatDateTime(d) : "never");

export default async function SettingsPage() {
  const { session, ctx } = await getPageContext("/settings");
  const isOwner = ctx !== null && can(ctx.role, "members.manage");
  const [members, invites, providers] = isOwner
    ? await Promise.all([
        listMembers({ ctx }),
        listOpenInvites({ ctx }),
        listProviders({ ctx, includeArchived: true }),
      ])
    : [[], [], []];
  const canReadTasks = ctx !== null && can(ctx.role, "environments.read");
  const marks = canReadTasks ? await listSentenceMarks({ ctx }) : [];
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          ctx ? `Workspace ${ctx.workspace.name} (${ctx.workspace.slug}). You are ${ctx.role}.` : undefined
        }
      />
      <SettingsNav role={ctx?.role ?? null} current="/settings" />
      <div className="flex flex-col gap-6">
        <Section title="Your account">
          <p className="text-sm">
            {session.user.name ? `${session.user.name} · ` : ""}
            {session.user.email}
          </p>
          <ul className="flex flex-wrap gap-2 text-sm">
            {session.workspaces.map((w) => (
              <li key={w.id}>
                <Badge tone={w.id === ctx?.workspace.id ? "accent" : "neutral"}>
                  {w.name} · {w.role}
                </Badge>
              </li>
            ))}
          </ul>
        </Section>
        {canReadTasks ? (
          <Section
            title="Coverage sentence marks"
            description="Sentences authors marked, on a task's coverage check, as background or as a requirement. The check follows these marks in every task of the workspace, and the model-assisted check gets them as examples."
          >
            <SentenceMarksSection
              marks={marks}
              canWrite={ctx !== null && can(ctx.role, "environments.write")}
            />
          </Section>
        ) : null}
        {isOwner ? (
          <>
            <Section
              title="Members"
              description="Add people with a role. Owners manage everything; authors build environments; reviewers label rollouts; buyers see the published catalog only."
            >
              <AddMemberForm />
              <InviteForm />
              <Table aria-label="Members">
                <thead>
                  <tr>
                    <Th>Email</Th>
                    <Th>Name</Th>
                    <Th>Role</Th>
                    <Th className="text-right">Actions</Th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((m) => (
                    <tr key={m.userId}>
                      <Td>{m.email}</Td>
                      <Td>{m.name}</Td>
                      <Td>
                        <Badge>{m.role}</Badge>
                      </Td>
                      <Td>
                        <MemberRowActions userId={m.userId} email={m.email} role={m.role} />
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {invites.length > 0 ? (
                <Table aria-label="Open invites">
                  <thead>
                    <tr>
                      <Th>Invited email</Th>
                      <Th>Role</Th>
                      <Th>Expires</Th>
                      <Th className="text-right">Actions</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {invites.map((i) => (
                      <tr key={i.id}>
                        <Td>{i.email}</Td>
                        <Td>{i.role}</Td>
                        <Td>{formatDate(i.expiresAt)}</Td>
                        <Td>
                          <RevokeButton kind="invite" id={i.id} label={`Revoke invite for ${i.email}`} />
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : null}
            </Section>
            <Section
              title="Model providers"
              description="Where LLM judges and scanners send their requests. Keys are stored encrypted and never shown again; concurrency and requests per minute hold across every worker."
            >
              <ProviderForm />
              <Table aria-label="Model providers">
                <thead>
                  <tr>
                    <Th>Name</Th>
                    <Th>Kind</Th>
                    <Th>Model</Th>
                    <Th>Base URL</Th>
                    <Th>Key</Th>
                    <Th>Limits</Th>
                    <Th>$ / M tokens (in / out)</Th>
                    <Th className="text-right">Actions</Th>
                  </tr>
                </thead>
                <tbody>
                  {providers.map((p) => (
                    <tr key={p.id}>
                      <Td>
                        {p.name} {p.archivedAt ? <Badge tone="danger">archived</Badge> : null}
                      </Td>
                      <Td>{p.kind}</Td>
                      <Td className="font-mono text-xs">{p.model}</Td>
                      <Td className="font-mono text-xs">{p.baseUrl}</Td>
                      <Td>{p.hasApiKey ? "stored" : "none"}</Td>
                      <Td className="whitespace-nowrap">
                        {p.concurrency} at once{p.requestsPerMinute ? `, ${p.requestsPerMinute}/min` : ""}
                      </Td>
                      <Td>
                        {p.inputPricePerMillion} / {p.outputPricePerMillion}
                      </Td>
                      <Td>
                        <ProviderRowActions provider={p} />
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Section>
            <Section title="Workspaces" description="Create another workspace; you will be its owner.">
              <CreateWorkspaceForm />
            </Section>
          </>
        ) : null}
      </div>
    </>
  );
}
