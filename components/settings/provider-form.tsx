"use client";

import { Button } from "@/components/ui/button";
import { createProvider } from "@/lib/providers/actions";
import { ActionForm } from "./action-form";
import { ProviderFields } from "./provider-fields";

export function ProviderForm() {
  return (
    <ActionForm
      action={createProvider}
      label="Add provider"
      className="flex flex-col gap-3"
      renderSuccess={(data) => <p className="text-sm text-success">Added {data.name}.</p>}
    >
      {(isPending) => (
        <>
          <ProviderFields idPrefix="new-provider" />
          <div>
            <Button type="submit" disabled={isPending}>
              Add provider
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}
