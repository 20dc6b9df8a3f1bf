"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { acceptInvite } from "@/lib/accounts/actions";

export function AcceptInviteForm({ token }: { token: string }) {
  const [state, formAction, isPending] = useActionState(acceptInvite, null);
  const error = state && !state.ok ? state.error : null;
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <input type="hidden" name="token" value={token} />
      <Field label="Name" htmlFor="name">
        <Input id="name" name="name" autoComplete="name" />
      </Field>
      <Field
        label="Password"
        htmlFor="password"
        error={error?.fieldErrors?.password?.[0]}
        hint="At least 8 characters."
      >
        <Input id="password" name="password" type="password" autoComplete="new-password" required />
      </Field>
      {error && !error.fieldErrors ? (
        <p role="alert" className="text-sm text-danger">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isPending}>
        Join workspace
      </Button>
    </form>
  );
}
