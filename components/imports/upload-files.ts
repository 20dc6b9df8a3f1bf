import { apiFetch } from "@/lib/api-fetch";
import type { ImportRunOutput } from "@/lib/imports/api-schemas";

export type UploadOptions = { format: string; environment: string; rewardKey: string };

/** Uploads files for a background import with XHR, which (unlike fetch) reports upload progress. */
export function uploadFiles(
  files: File[],
  options: UploadOptions,
  onProgress: (fraction: number) => void,
): Promise<{ run: string }> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  const params = new URLSearchParams({ background: "1" });
  if (options.format) params.set("format", options.format);
  if (options.environment) params.set("environment", options.environment);
  if (options.rewardKey.trim()) params.set("rewardKey", options.rewardKey.trim());
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/v1/imports?${params}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = JSON.parse(request.responseText || "{}");
      if (request.status >= 200 && request.status < 300) resolve(body);
      else reject(new Error(body?.error?.message ?? `Upload failed (${request.status}).`));
    };
    request.onerror = () =>
      reject(new Error("The upload was interrupted. Check the connection and try again."));
    request.send(form);
  });
}

export function fetchImportRun(id: string): Promise<ImportRunOutput> {
  return apiFetch<ImportRunOutput>(`/api/v1/imports/${id}`, { fallbackError: "Could not load the import." });
}
