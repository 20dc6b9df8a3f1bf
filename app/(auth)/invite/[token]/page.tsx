import type { Metadata } from "next";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { Card } from "@/components/ui/card";
import { findOpenInvite } from "@/lib/accounts/invites";

export const metadata: Metadata = { title: "Join a workspace" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await findOpenInvite(token);
  if (!invite) {
    return (
      <Card>
        <h1 className="mb-2 text-xl font-semibold">Invite not valid</h1>
        <p className="text-sm text-fg-muted">
          This link was used, revoked or has expired. Ask the owner for a new one.
        </p>
      </Card>
    );
  }
  return (
    <Card>
      <h1 className="mb-1 text-xl font-semibold">Join {invite.workspace.name}</h1>
      <p className="mb-5 text-sm text-fg-muted">
        You are invited as <strong>{invite.role}</strong> with {invite.email}. Choose a password to finish.
      </p>
      <AcceptInviteForm token={token} />
    </Card>
  );
}
