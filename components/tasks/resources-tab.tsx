"use client";

import { useId, useState } from "react";
import { LazyCodeEditor } from "@/components/editor/lazy-code-editor";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import { uploadFile } from "./task-api";
import { useRowKeys } from "./use-row-keys";

type Resource = VisibleContent["resources"][number];

const TEXT_FILE_RE =
  /\.(md|markdown|txt|csv|tsv|json|jsonl|ya?ml|py|sh|tex|bib|html?|xml|toml|ini|log|rst)$/i;

const moveItem = <T,>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** What the agent gets besides the prompt: documents stored as text, and uploaded files. */
export function ResourcesTab({
  taskId,
  draft,
  isReadOnly,
  onChange,
}: {
  taskId: string;
  draft: VisibleContent;
  isReadOnly: boolean;
  onChange: (patch: Partial<VisibleContent>) => void;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const uploadId = useId();
  const resources = draft.resources;
  const rows = useRowKeys(resources.length);
  const setResources = (next: Resource[]) => onChange({ resources: next });

  async function handleFiles(files: FileList | null) {
    if (!files) return;
    setUploadError(null);
    setIsUploading(true);
    const added: Resource[] = [];
    try {
      for (const file of Array.from(files)) {
        if (file.type.startsWith("text/") || TEXT_FILE_RE.test(file.name)) {
          added.push({
            kind: "document",
            name: file.name,
            mediaType: file.type || "text/plain",
            content: await file.text(),
          });
        } else {
          const uploaded = await uploadFile(taskId, file);
          added.push({
            kind: "file",
            name: uploaded.name,
            mediaType: uploaded.mediaType,
            fileId: uploaded.fileId,
            size: uploaded.size,
            sha256: uploaded.sha256,
          });
        }
      }
    } catch (error) {
      setUploadError((error as Error).message);
    } finally {
      setIsUploading(false);
      if (added.length) setResources([...resources, ...added]);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">
        The agent receives these with the prompt. Text files are stored as documents (searched for answer-key
        leaks); other files are uploaded as they are (up to 10 MB each). Save the task to keep changes.
      </p>
      {resources.length === 0 ? <p className="text-sm text-fg-muted">No resources yet.</p> : null}
      <ul className="flex flex-col gap-3" aria-label="Resources">
        {resources.map((resource, index) => (
          <li key={rows.keys[index]} className="rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge>{resource.kind}</Badge>
              <Input
                aria-label={`Name of resource ${index + 1}`}
                value={resource.name}
                readOnly={isReadOnly}
                onChange={(e) =>
                  setResources(resources.map((r, i) => (i === index ? { ...r, name: e.target.value } : r)))
                }
                className="w-64 font-mono"
              />
              <span className="text-xs text-fg-muted">
                {resource.mediaType}
                {resource.kind === "document"
                  ? ` · ${resource.content.length.toLocaleString()} characters`
                  : resource.size
                    ? ` · ${(resource.size / 1024).toFixed(1)} KB`
                    : ""}
              </span>
              <div className="ml-auto flex gap-1">
                {resource.kind === "document" ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setOpenIndex(openIndex === index ? null : index)}
                    aria-expanded={openIndex === index}
                  >
                    {openIndex === index ? "Close" : isReadOnly ? "Read" : "Edit"}
                  </Button>
                ) : (
                  <a
                    className="inline-flex h-8 items-center px-3 text-sm text-accent underline"
                    href={`/api/v1/tasks/${taskId}/files/${resource.fileId}`}
                  >
                    Download
                  </a>
                )}
                {isReadOnly ? null : (
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === 0}
                      onClick={() => {
                        rows.move(index, index - 1);
                        setOpenIndex(null);
                        setResources(moveItem(resources, index, index - 1));
                      }}
                      aria-label={`Move ${resource.name} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === resources.length - 1}
                      onClick={() => {
                        rows.move(index, index + 1);
                        setOpenIndex(null);
                        setResources(moveItem(resources, index, index + 1));
                      }}
                      aria-label={`Move ${resource.name} down`}
                    >
                      ↓
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        rows.remove(index);
                        setOpenIndex(null);
                        setResources(resources.filter((_, i) => i !== index));
                      }}
                    >
                      Remove
                    </Button>
                  </>
                )}
              </div>
            </div>
            {resource.kind === "document" && openIndex === index ? (
              <div className="mt-3">
                <LazyCodeEditor
                  value={resource.content}
                  onChange={(content) =>
                    setResources(
                      resources.map((r, i) => (i === index && r.kind === "document" ? { ...r, content } : r)),
                    )
                  }
                  language={
                    /\.py$/.test(resource.name)
                      ? "python"
                      : /\.(md|markdown)$/i.test(resource.name)
                        ? "markdown"
                        : "plaintext"
                  }
                  ariaLabel={`Content of ${resource.name}`}
                  height={360}
                  isReadOnly={isReadOnly}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {isReadOnly ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              setResources([
                ...resources,
                {
                  kind: "document",
                  name: `document-${resources.length + 1}.md`,
                  mediaType: "text/markdown",
                  content: "",
                },
              ]);
              setOpenIndex(resources.length);
            }}
          >
            Add document
          </Button>
          <label htmlFor={uploadId} className="text-sm">
            <span className="mr-2">Attach files</span>
            <input
              id={uploadId}
              type="file"
              multiple
              disabled={isUploading}
              onChange={(e) => void handleFiles(e.target.files)}
              className="text-sm"
            />
          </label>
          {isUploading ? <span className="text-sm text-fg-muted">Uploading…</span> : null}
          {uploadError ? (
            <p role="alert" className="basis-full text-sm text-danger">
              {uploadError}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
