import { withRoute } from "@/lib/api/with-route";
import { exportSnapshot } from "@/lib/exports/build-export";
import { attachDeployedJudge } from "@/lib/judges/export-judge";
import { getVersionSnapshot } from "@/lib/versions/queries";
import { exportQueryInput } from "@/lib/versions/schemas";

// The archive is built in memory (deterministic, validated) and sent with its length, so a browser
// download can show progress. The CLI builds the same bytes through the same exportSnapshot.
export const GET = withRoute(
  "GET /api/v1/environments/[slug]/versions/[n]/export",
  { query: exportQueryInput },
  async ({ ctx, query, params }) => {
    const { snapshot } = await getVersionSnapshot({ ctx, slug: params.slug, version: params.n });
    const withJudge = await attachDeployedJudge({ ctx, snapshot });
    const { fileName, bytes } = await exportSnapshot(withJudge, query.format);
    return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      headers: {
        "content-type": "application/gzip",
        "content-length": String(bytes.length),
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
