"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createInvite } from "@/lib/accounts/actions";
import { ActionForm } from "./action-form";
import { CopyField } from "./copy-field";
import { RoleSelect } from "./role-select";

export function InviteForm() {
  return (
    <ActionForm
      action={createInvite}
      label="Create invite link"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={(data) => (
        <CopyField label="Invite link (shown once)" value={`${window.location.origin}${data.path}`} />
      )}
    >
      {(isPending) => (
        <>
          <Field label="Invitee email" htmlFor="invite-email">
            <Input id="invite-email" name="email" type="email" required className="w-60" />
          </Field>
          <Field label="Invitee role" htmlFor="invite-role">
            <RoleSelect id="invite-role" />
          </Field>
          <Button type="submit" variant="secondary" disabled={isPending}>
            Create invite link
          </Button>
        </>
      )}
    </ActionForm>
  );
}
