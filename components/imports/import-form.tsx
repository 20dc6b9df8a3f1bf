"use client";

import { useRouter } from "next/navigation";
import { type DragEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatBytes } from "@/lib/http/read-body";
import type { UploadLimits } from "@/lib/imports/limits";
import { IMPORT_FORMATS } from "@/lib/imports/types";
import { cn } from "@/lib/utils";
import { ImportProgress } from "./import-progress";
import { uploadFiles } from "./upload-files";

const formatSize = (bytes: number) =>
  bytes > 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** Adds files to the list, ignoring ones already in it. */
function mergeFiles(current: File[], added: File[]): File[] {
  const seen = new Set(current.map(fileKey));
  return [...current, ...added.filter((f) => !seen.has(fileKey(f)))];
}

/** Why these files can't be sent (the server would answer 413 after the upload), or null. */
function checkSizes(files: File[], limits: UploadLimits): string | null {
  const tooBig = files.find((f) => f.size > limits.maxFileBytes);
  if (tooBig) return `${tooBig.name} is over the ${formatBytes(limits.maxFileBytes)} limit per file.`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > limits.maxUploadBytes)
    return `These files make ${formatBytes(total)}, over the ${formatBytes(limits.maxUploadBytes)} limit of one upload: import them in parts.`;
  return null;
}

export function ImportForm({
  environments,
  limits,
}: {
  environments: { slug: string; name: string }[];
  limits: UploadLimits;
}) {
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [format, setFormat] = useState("");
  const [environment, setEnvironment] = useState("");
  const [rewardKey, setRewardKey] = useState("");
  const [isDragging, setIsDragging] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    setFiles((current) => mergeFiles(current, Array.from(event.dataTransfer.files)));
  }

  async function handleSubmit() {
    setError(null);
    setRunId(null);
    const sizeProblem = checkSizes(files, limits);
    if (sizeProblem) {
      setError(sizeProblem);
      return;
    }
    setUploaded(0);
    try {
      const { run } = await uploadFiles(files, { format, environment, rewardKey }, setUploaded);
      setRunId(run);
      // The new import joins "Recent imports" at once (ImportProgress refreshes again when it ends).
      router.refresh();
      setFiles([]);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setUploaded(null);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cn(
          "flex min-h-36 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-border bg-surface px-6 text-center transition-colors",
          isDragging && "border-accent bg-accent/5",
        )}
      >
        <span className="text-sm font-medium">Drop transcript files here, or click to choose</span>
        <span className="text-xs text-fg-muted">
          JSON, JSONL, Inspect .eval, verifiers results.jsonl with metadata.json, ATIF trajectory.json,
          SWE-agent .traj, … up to {formatBytes(limits.maxFileBytes)} a file
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        className="sr-only"
        aria-label="Transcript files"
        onChange={(e) => setFiles((current) => mergeFiles(current, Array.from(e.target.files ?? [])))}
      />
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Files to import">
          {files.map((file) => (
            <li
              key={fileKey(file)}
              className="flex items-center justify-between rounded-md bg-surface-muted px-3 py-1.5"
            >
              <span className="font-mono text-xs">{file.name}</span>
              <span className="text-xs text-fg-muted">{formatSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Format" htmlFor="import-format" hint="Detected from each file unless you choose one.">
          <Select id="import-format" value={format} onChange={(e) => setFormat(e.target.value)}>
            <option value="">Detect automatically</option>
            {IMPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Environment"
          htmlFor="import-environment"
          hint="Links rollouts to its tasks by task key."
        >
          <Select
            id="import-environment"
            value={environment}
            onChange={(e) => setEnvironment(e.target.value)}
          >
            <option value="">None</option>
            {environments.map((env) => (
              <option key={env.slug} value={env.slug}>
                {env.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Reward from score"
          htmlFor="import-reward-key"
          hint="For scorers with several named values; empty: the declared metric."
        >
          <Input
            id="import-reward-key"
            value={rewardKey}
            placeholder="e.g. accuracy"
            maxLength={200}
            onChange={(e) => setRewardKey(e.target.value)}
          />
        </Field>
        <Button onClick={handleSubmit} disabled={files.length === 0 || uploaded !== null}>
          {uploaded !== null ? `Uploading ${Math.round(uploaded * 100)}%` : "Import"}
        </Button>
        {files.length > 0 && uploaded === null ? (
          <Button variant="ghost" onClick={() => setFiles([])}>
            Clear
          </Button>
        ) : null}
      </div>
      {uploaded !== null ? (
        <progress
          className="h-2 w-full"
          value={Math.round(uploaded * 100)}
          max={100}
          aria-label="Upload progress"
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {runId ? <ImportProgress runId={runId} /> : null}
    </div>
  );
}
