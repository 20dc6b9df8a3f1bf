"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { archiveProvider, testProvider, updateProvider } from "@/lib/providers/actions";
import type { ProviderSummary } from "@/lib/providers/provider-summary";
import { ActionForm } from "./action-form";
import { ProviderFields } from "./provider-fields";

/** Test connection, edit and archive one provider. */
export function ProviderRowActions({ provider }: { provider: ProviderSummary }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        <ActionForm
          action={testProvider}
          label={`Test connection of ${provider.name}`}
          className="flex flex-col items-end gap-1"
          renderSuccess={(report) =>
            report.ok ? (
              <p role="status" className="text-xs text-success">
                Connected: {report.model} answered “{report.text}” in {report.latencyMs} ms.
              </p>
            ) : (
              <p role="status" className="text-xs text-danger">
                Failed ({report.kind}): {report.message}
              </p>
            )
          }
        >
          {(isPending) => (
            <>
              <input type="hidden" name="id" value={provider.id} />
              <Button type="submit" variant="secondary" size="sm" disabled={isPending}>
                {isPending ? "Testing…" : "Test connection"}
              </Button>
            </>
          )}
        </ActionForm>
        <Button variant="secondary" size="sm" onClick={() => setIsEditing(!isEditing)}>
          {isEditing ? "Close" : "Edit"}
        </Button>
        <ActionForm action={archiveProvider} label={`Archive ${provider.name}`}>
          {(isPending) => (
            <>
              <input type="hidden" name="id" value={provider.id} />
              <input type="hidden" name="archived" value={provider.archivedAt ? "0" : "1"} />
              <Button type="submit" variant="danger" size="sm" disabled={isPending}>
                {provider.archivedAt ? "Restore" : "Archive"}
              </Button>
            </>
          )}
        </ActionForm>
      </div>
      {isEditing ? (
        <ActionForm
          action={updateProvider}
          label={`Edit ${provider.name}`}
          className="flex w-full flex-col gap-3 text-left"
          renderSuccess={() => <p className="text-sm text-success">Saved.</p>}
        >
          {(isPending) => (
            <>
              <input type="hidden" name="id" value={provider.id} />
              <ProviderFields idPrefix={`provider-${provider.id}`} provider={provider} />
              {provider.hasApiKey ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="clearApiKey" /> Remove the stored key
                </label>
              ) : null}
              <div>
                <Button type="submit" disabled={isPending}>
                  Save provider
                </Button>
              </div>
            </>
          )}
        </ActionForm>
      ) : null}
    </div>
  );
}
