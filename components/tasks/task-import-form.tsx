"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Table, Td, Th } from "@/components/ui/table";
import { apiFetch } from "@/lib/api-fetch";

type ImportResult = {
  imported: number;
  failed: number;
  errors: { row: number; field: string; message: string }[];
  tasks: { row: number; key: string; id: string }[];
};

function postImport(slug: string, format: string, text: string): Promise<ImportResult> {
  return apiFetch<ImportResult>(`/api/v1/environments/${slug}/tasks/import?format=${format}`, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: text,
    fallbackError: "The import failed.",
  });
}

/** Upload or paste JSONL or CSV; valid rows import, each bad row is listed with its field and reason. */
export function TaskImportForm({ slug }: { slug: string }) {
  const router = useRouter();
  const [format, setFormat] = useState("jsonl");
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState("");
  const mutation = useMutation({
    mutationFn: () => postImport(slug, format, text),
    onSuccess: () => router.refresh(),
  });

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    if (/\.csv$/i.test(file.name)) setFormat("csv");
    if (/\.jsonl?$/i.test(file.name) || /\.ndjson$/i.test(file.name)) setFormat("jsonl");
    setText(await file.text());
  }

  const result = mutation.data;
  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Import tasks"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
      >
        <div className="flex flex-wrap items-end gap-3">
          <Field label="File" htmlFor="import-file" hint={fileName || "A .jsonl or .csv file"}>
            <input
              id="import-file"
              type="file"
              accept=".jsonl,.json,.ndjson,.csv,text/csv"
              onChange={(e) => handleFile(e.target.files?.[0])}
              className="text-sm"
            />
          </Field>
          <Field label="Format" htmlFor="import-format">
            <Select id="import-format" value={format} onChange={(e) => setFormat(e.target.value)}>
              <option value="jsonl">JSONL</option>
              <option value="csv">CSV</option>
            </Select>
          </Field>
        </div>
        <Field label="Or paste the rows" htmlFor="import-text">
          <textarea
            id="import-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            spellCheck={false}
            className="w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs text-fg"
          />
        </Field>
        <div>
          <Button type="submit" disabled={mutation.isPending || !text.trim()}>
            {mutation.isPending ? "Importing…" : "Import tasks"}
          </Button>
        </div>
        {mutation.isError ? (
          <p role="alert" className="text-sm text-danger">
            {mutation.error.message}
          </p>
        ) : null}
      </form>
      {result ? (
        <section aria-label="Import report" className="flex flex-col gap-3">
          <p role="status" className="text-sm">
            Imported {result.imported} {result.imported === 1 ? "task" : "tasks"}
            {result.failed ? `; ${result.failed} ${result.failed === 1 ? "row" : "rows"} failed` : ""}.
          </p>
          {result.tasks.length ? (
            <ul className="flex flex-wrap gap-2 text-sm">
              {result.tasks.map((t) => (
                <li key={t.id}>
                  <Link
                    href={`/environments/${slug}/tasks/${encodeURIComponent(t.key)}`}
                    className="font-mono text-accent underline"
                  >
                    {t.key}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {result.errors.length ? (
            <Table aria-label="Import errors">
              <thead>
                <tr>
                  <Th>Row</Th>
                  <Th>Field</Th>
                  <Th>Problem</Th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((e) => (
                  <tr key={`${e.row}-${e.field}-${e.message}`}>
                    <Td className="tabular-nums">{e.row === 0 ? "header" : e.row}</Td>
                    <Td className="font-mono text-xs">{e.field}</Td>
                    <Td>{e.message}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
