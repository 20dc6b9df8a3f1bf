"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { uploadDocument } from "@/lib/drafts/actions";

/** Upload a source document (markdown, text or PDF) to an environment. */
export function DocumentUploadForm({ environment }: { environment: string }) {
  return (
    <ActionForm
      action={uploadDocument}
      label="Upload a document"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={(data) => (
        <p role="status" className="text-sm text-success">
          {data.isNew ? `Uploaded ${data.name}.` : `${data.name} was already here.`}
        </p>
      )}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="environment" value={environment} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Document (.md, .txt or .pdf)
            <input
              type="file"
              name="file"
              accept=".md,.markdown,.txt,.pdf,text/markdown,text/plain,application/pdf"
              required
              className="text-sm"
            />
          </label>
          <Button type="submit" disabled={isPending}>
            {isPending ? "Uploading…" : "Upload"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}
