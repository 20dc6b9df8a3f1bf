"use client";

import { Button } from "@/components/ui/button";
import { changeMemberRole, removeMember } from "@/lib/accounts/actions";
import { ActionForm } from "./action-form";
import { RoleSelect } from "./role-select";

export function MemberRowActions({ userId, email, role }: { userId: string; email: string; role: string }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <ActionForm
        action={changeMemberRole}
        label={`Change role of ${email}`}
        className="flex items-center gap-2"
      >
        {(isPending) => (
          <>
            <input type="hidden" name="userId" value={userId} />
            <label htmlFor={`role-${userId}`} className="sr-only">
              Role of {email}
            </label>
            <RoleSelect id={`role-${userId}`} defaultValue={role} />
            <Button type="submit" variant="secondary" size="sm" disabled={isPending}>
              Save role
            </Button>
          </>
        )}
      </ActionForm>
      <ActionForm action={removeMember} label={`Remove ${email}`} className="flex items-center gap-2">
        {(isPending) => (
          <>
            <input type="hidden" name="userId" value={userId} />
            <Button
              type="submit"
              variant="danger"
              size="sm"
              disabled={isPending}
              aria-label={`Remove ${email}`}
            >
              Remove
            </Button>
          </>
        )}
      </ActionForm>
    </div>
  );
}
