import type { Provider } from "@/db/schema/providers";

// What anyone may see of a provider: everything but the key (only whether one is stored).

export type ProviderSummary = {
  id: string;
  name: string;
  kind: Provider["kind"];
  baseUrl: string;
  model: string;
  hasApiKey: boolean;
  concurrency: number;
  requestsPerMinute: number | null;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
  timeoutSeconds: number;
  archivedAt: string | null;
  createdAt: string;
};

export function toProviderSummary(row: Provider): ProviderSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    model: row.model,
    hasApiKey: row.apiKeyCiphertext !== null,
    concurrency: row.concurrency,
    requestsPerMinute: row.requestsPerMinute,
    inputPricePerMillion: row.inputPricePerMillion,
    outputPricePerMillion: row.outputPricePerMillion,
    timeoutSeconds: row.timeoutSeconds,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
