"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { addMember } from "@/lib/accounts/actions";
import { ActionForm } from "./action-form";
import { RoleSelect } from "./role-select";

export function AddMemberForm() {
  return (
    <ActionForm
      action={addMember}
      label="Add member"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={(data) => <p className="text-sm text-success">Added {data.email}.</p>}
    >
      {(isPending) => (
        <>
          <Field label="Member email" htmlFor="member-email">
            <Input id="member-email" name="email" type="email" required className="w-60" />
          </Field>
          <Field label="Member name" htmlFor="member-name">
            <Input id="member-name" name="name" className="w-44" />
          </Field>
          <Field label="Initial password" htmlFor="member-password">
            <Input
              id="member-password"
              name="password"
              type="password"
              autoComplete="new-password"
              className="w-44"
            />
          </Field>
          <Field label="Member role" htmlFor="member-role">
            <RoleSelect id="member-role" />
          </Field>
          <Button type="submit" disabled={isPending}>
            Add member
          </Button>
        </>
      )}
    </ActionForm>
  );
}
