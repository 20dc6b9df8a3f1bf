"use client";

import { Button } from "@/components/ui/button";
import { revokeApiKey, revokeInvite } from "@/lib/accounts/actions";
import { ActionForm } from "./action-form";

const ACTIONS = { "api-key": revokeApiKey, invite: revokeInvite };

export function RevokeButton({ kind, id, label }: { kind: keyof typeof ACTIONS; id: string; label: string }) {
  return (
    <ActionForm action={ACTIONS[kind]} label={label} className="flex justify-end">
      {(isPending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="danger" size="sm" disabled={isPending} aria-label={label}>
            Revoke
          </Button>
        </>
      )}
    </ActionForm>
  );
}
