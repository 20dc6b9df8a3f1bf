import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { afterLiveRolloutsStored } from "@/lib/pipeline/after-rollouts-stored";
import { ingestOtlpTraces } from "@/lib/runs/ingest-otlp";
import { BATCH_BODY_LIMIT, otlpExportInput } from "@/lib/runs/schemas";

// OTLP/HTTP's traces path under a run: point an exporter at …/api/v1/runs/{id}/otlp with
// OTEL_EXPORTER_OTLP_PROTOCOL=http/json and an Authorization header.
export const POST = withRoute(
  "POST /api/v1/runs/[id]/otlp/v1/traces",
  { body: otlpExportInput, ...BATCH_BODY_LIMIT },
  async ({ ctx, request, params, body }) => {
    if ((request.headers.get("content-type") ?? "").includes("protobuf"))
      throw new AppError("bad_request", "Send OTLP as JSON: set OTEL_EXPORTER_OTLP_PROTOCOL=http/json.");
    const answer = await ingestOtlpTraces({ ctx, runId: params.id, input: body });
    afterLiveRolloutsStored(ctx);
    return answer;
  },
);
