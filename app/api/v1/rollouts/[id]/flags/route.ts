import { z } from "zod";
import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { getRolloutVerdict, listRolloutFlags } from "@/lib/scanners/queries";

export const GET = withRoute("GET /api/v1/rollouts/[id]/flags", {}, async ({ ctx, params }) => {
  if (!ctx || !z.uuid().safeParse(params.id).success) throw new AppError("not_found", "Rollout not found.");
  const items = await listRolloutFlags({ ctx, rolloutId: params.id });
  const verdict = await getRolloutVerdict({ ctx, rolloutId: params.id });
  return {
    verdict,
    items: items.map(({ description: _d, ...flag }) => ({
      ...flag,
      createdAt: flag.createdAt.toISOString(),
      reviews: flag.reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    })),
  };
});
