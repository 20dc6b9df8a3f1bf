"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { setTaxonomyCategoryRetired } from "@/lib/labels/actions";

/** Retire (hide from new labels; past labels keep it) or restore a category. */
export function RetireCategoryButton({
  id,
  name,
  isRetired,
}: {
  id: string;
  name: string;
  isRetired: boolean;
}) {
  return (
    <ActionForm action={setTaxonomyCategoryRetired} label={`${isRetired ? "Restore" : "Retire"} ${name}`}>
      {(isPending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="isRetired" value={isRetired ? "false" : "true"} />
          <Button type="submit" size="sm" variant={isRetired ? "secondary" : "ghost"} disabled={isPending}>
            {isRetired ? "Restore" : "Retire"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}
