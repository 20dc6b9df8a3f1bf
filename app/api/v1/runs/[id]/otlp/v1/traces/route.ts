import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { ingestOtlpTraces } from "@/lib/runs/ingest-otlp";
import { MAX_BATCH_BODY_BYTES } from "@/lib/runs/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

// OTLP/HTTP's traces path under a run: point an exporter at …/api/v1/runs/{id}/otlp with
// OTEL_EXPORTER_OTLP_PROTOCOL=http/json and an Authorization header.
export const POST = withRoute(
  "POST /api/v1/runs/[id]/otlp/v1/traces",
  {},
  async ({ ctx, request, params }) => {
    const type = request.headers.get("content-type") ?? "";
    if (type.includes("protobuf"))
      throw new AppError("bad_request", "Send OTLP as JSON: set OTEL_EXPORTER_OTLP_PROTOCOL=http/json.");
    return ingestOtlpTraces({
      ctx: ctx!,
      runId: params.id,
      input: await readJsonBody(request, MAX_BATCH_BODY_BYTES),
    });
  },
);
