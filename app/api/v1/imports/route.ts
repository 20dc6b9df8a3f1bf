import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { withRoute } from "@/lib/api/with-route";
import { resolveDataDir } from "@/lib/env";
import { importQuery } from "@/lib/imports/api-schemas";
import { getImportLimits } from "@/lib/imports/limits";
import { receiveUpload } from "@/lib/imports/receive-upload";
import { createImportRun, executeImportRun } from "@/lib/imports/run-import";

export const POST = withRoute(
  "POST /api/v1/imports",
  { query: importQuery },
  async ({ request, ctx, query }) => {
    const dir = path.join(resolveDataDir(), "uploads", randomUUID());
    const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
    try {
      const files = await receiveUpload(request, {
        dir,
        maxFileBytes: getImportLimits().maxFileBytes,
        fallbackName: query.filename,
      });
      const options = { format: query.format, environment: query.environment };
      const isBackground = query.background === "1";
      // A background import keeps its upload folder on the run, so a restarted studio resumes it.
      const run = await createImportRun({ ctx, files, options, uploadDir: isBackground ? dir : undefined });
      if (isBackground) {
        void executeImportRun({ ctx, runId: run.id, files, options })
          .catch((error) => console.error(`[import ${run.id}]`, error))
          .finally(cleanup);
        return Response.json({ run: run.id }, { status: 202 });
      }
      const summary = await executeImportRun({ ctx, runId: run.id, files, options });
      cleanup();
      return summary;
    } catch (error) {
      cleanup();
      throw error;
    }
  },
);
