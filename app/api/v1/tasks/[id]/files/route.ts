import { z } from "zod";
import { withRoute } from "@/lib/api/with-route";
import { readRawBody } from "@/lib/http/read-body";
import { MAX_FILE_BYTES, uploadTaskFile } from "@/lib/tasks/upload-file";

const query = z.object({ filename: z.string().min(1).max(200) });

export const POST = withRoute(
  "POST /api/v1/tasks/[id]/files",
  { query },
  async ({ ctx, params, query, request }) => {
    const data = await readRawBody(request, MAX_FILE_BYTES);
    const mediaType =
      request.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream";
    const file = await uploadTaskFile({
      ctx,
      taskId: params.id,
      file: { name: query.filename, mediaType, data },
    });
    return Response.json(file, { status: 201 });
  },
);
