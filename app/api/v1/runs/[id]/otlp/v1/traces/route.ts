import { withRoute } from "@/lib/api/with-route";
import { afterLiveRolloutsStored } from "@/lib/pipeline/after-rollouts-stored";
import { ingestOtlpTraces } from "@/lib/runs/ingest-otlp";
import { encodeOtlpTraceResponse } from "@/lib/runs/otlp-protobuf";
import { readOtlpRequest } from "@/lib/runs/read-otlp-request";
import { BATCH_BODY_LIMIT, otlpExportInput } from "@/lib/runs/schemas";
import { parseInput } from "@/lib/validation";

// OTLP/HTTP's traces path under a run: exporters take …/api/v1/runs/{id}/otlp as their base endpoint
// and append /v1/traces. Protobuf or JSON, gzip or not (lib/runs/read-otlp-request.ts); a protobuf
// request gets a protobuf ExportTraceServiceResponse, a JSON one JSON.
export const POST = withRoute(
  "POST /api/v1/runs/[id]/otlp/v1/traces",
  {},
  async ({ ctx, request, params }) => {
    const { encoding, body } = await readOtlpRequest(
      request,
      BATCH_BODY_LIMIT.maxBodyBytes,
      BATCH_BODY_LIMIT.bodyLimitHint,
    );
    const answer = await ingestOtlpTraces({
      ctx,
      runId: params.id,
      input: parseInput(otlpExportInput, body),
    });
    afterLiveRolloutsStored(ctx);
    if (encoding === "json") return answer;
    return new Response(Buffer.from(encodeOtlpTraceResponse(answer)), {
      headers: { "content-type": "application/x-protobuf" },
    });
  },
);
