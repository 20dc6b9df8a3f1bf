import { withRoute } from "@/lib/api/with-route";
import { getTaskFile } from "@/lib/tasks/file-queries";

export const GET = withRoute("GET /api/v1/tasks/[id]/files/[fileId]", {}, async ({ ctx, params }) => {
  const file = await getTaskFile({ ctx, taskId: params.id, fileId: params.fileId });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": file.mediaType,
      "content-length": String(file.size),
      // Always a download: an uploaded HTML or SVG file must never render in the studio's origin.
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "x-content-type-options": "nosniff",
    },
  });
});
