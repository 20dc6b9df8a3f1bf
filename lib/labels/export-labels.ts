import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { parseInput } from "@/lib/validation";
import { toCsvHeader, toCsvRow, toJsonlLine } from "./export-format";
import { listLabels } from "./queries";
import { type ExportLabelsInput, exportLabelsInput, MAX_LABEL_PAGE } from "./schemas";

/**
 * The workspace's labels (filtered like GET /api/v1/labels) as a JSONL or CSV download, streamed
 * page by page so an export of any size keeps memory flat.
 */
export function exportLabels({ ctx, input }: { ctx: Ctx; input: ExportLabelsInput }): Response {
  const { format, ...filter } = parseInput(exportLabelsInput, input);
  const query = {
    ...filter,
    current: filter.current ? ("true" as const) : ("false" as const),
    limit: MAX_LABEL_PAGE,
  };
  const encoder = new TextEncoder();
  let cursor: string | null | undefined;
  let isStarted = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isStarted && format === "csv") controller.enqueue(encoder.encode(toCsvHeader()));
      isStarted = true;
      const page = await listLabels({ ctx, input: { ...query, cursor: cursor ?? undefined } });
      const text = page.items.map(format === "csv" ? toCsvRow : toJsonlLine).join("");
      if (text) controller.enqueue(encoder.encode(text));
      cursor = page.nextCursor;
      if (!cursor) controller.close();
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  const type = format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8";
  return new Response(stream, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="labels-${ctx.workspace.slug}-${stamp}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
