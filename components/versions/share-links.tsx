"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { CopyField } from "@/components/settings/copy-field";
import { Button } from "@/components/ui/button";
import { createDatasheetLink, revokeDatasheetLink } from "@/lib/catalog/actions";
import { formatDateTime } from "@/lib/rollouts/format";

type Link = { id: string; createdAt: string; isActive: boolean };

/** An owner's public datasheet links: create one (shown once, only its hash is kept) or revoke it. */
export function ShareLinks({ slug, links, canCreate }: { slug: string; links: Link[]; canCreate: boolean }) {
  const router = useRouter();
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  function handleCreate() {
    setError(null);
    startTransition(async () => {
      const result = await createDatasheetLink({ slug });
      if (!result.ok) return setError(result.error.message);
      setCreated(`${window.location.origin}${result.data.path}`);
      router.refresh();
    });
  }

  function handleRevoke(linkId: string) {
    startTransition(async () => {
      const result = await revokeDatasheetLink({ slug, linkId });
      if (!result.ok) setError(result.error.message);
      router.refresh();
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {created ? (
        <CopyField label="Public datasheet link (copy it now: it is not shown again)" value={created} />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul className="flex flex-col gap-1 text-sm">
        {links.map((link) => (
          <li key={link.id} className="flex items-center gap-3">
            <span className="text-fg-muted">Created {formatDateTime(link.createdAt)}</span>
            {link.isActive ? (
              <Button size="sm" variant="ghost" disabled={isPending} onClick={() => handleRevoke(link.id)}>
                Revoke
              </Button>
            ) : (
              <span className="text-xs text-fg-muted">revoked</span>
            )}
          </li>
        ))}
      </ul>
      {canCreate ? (
        <div>
          <Button variant="secondary" disabled={isPending} onClick={handleCreate}>
            Create a public link
          </Button>
        </div>
      ) : null}
    </div>
  );
}
