"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { readApiError } from "@/lib/api-fetch";
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from "@/lib/exports/formats";
import { TEST_SCRIPT_SUPPORT } from "@/lib/exports/test-script-contract";

type Progress = { received: number; total: number | null } | null;

function formatBytes(n: number): string {
  return n < 1024
    ? `${n} B`
    : n < 1024 ** 2
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1024 ** 2).toFixed(1)} MB`;
}

/**
 * Downloads a version in a format through the export API (the bytes the CLI writes), reading the
 * body in chunks so a big export shows its progress, then hands the file to the browser.
 */
export function ExportButton({ slug, version }: { slug: string; version: number }) {
  const [format, setFormat] = useState<ExportFormat>("native");
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleExport() {
    setError(null);
    setProgress({ received: 0, total: null });
    try {
      const url = `/api/v1/environments/${encodeURIComponent(slug)}/versions/${version}/export?format=${format}`;
      const response = await fetch(url);
      if (!response.ok || !response.body) throw await readApiError(response, "The export failed.");
      const total = Number(response.headers.get("content-length")) || null;
      const name =
        /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export.tar.gz";
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        setProgress({ received, total });
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob(chunks, { type: "application/gzip" }));
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setProgress(null);
    } catch (caught) {
      setProgress(null);
      setError((caught as Error).message);
    }
  }

  const percent = progress?.total ? Math.round((100 * progress.received) / progress.total) : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`export-format-${version}`}>
        Export format for v{version}
      </label>
      <Select
        id={`export-format-${version}`}
        value={format}
        onChange={(e) => setFormat(e.target.value as ExportFormat)}
      >
        {EXPORT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {EXPORT_FORMAT_LABELS[f]}
          </option>
        ))}
      </Select>
      <Button variant="secondary" size="sm" disabled={progress !== null} onClick={handleExport}>
        Export v{version}
      </Button>
      {progress ? (
        <span role="status" className="text-xs tabular-nums text-fg-muted">
          {percent === null
            ? formatBytes(progress.received)
            : `${percent}% of ${formatBytes(progress.total ?? 0)}`}
          <progress className="ml-2 h-2 w-24 align-middle" max={100} value={percent ?? undefined} />
        </span>
      ) : null}
      <span className="basis-full text-xs text-fg-muted">
        Test scripts: {TEST_SCRIPT_SUPPORT[format].note}
      </span>
      {error ? (
        <span role="alert" className="text-xs text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}
