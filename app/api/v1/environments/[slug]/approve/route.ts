import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { approveEnvironment } from "@/lib/versions/approve-environment";
import { approveBody } from "@/lib/versions/schemas";

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/approve",
  {},
  async ({ request, ctx, params }) => {
    const text = await request.text();
    let json: unknown = {};
    if (text.trim() !== "") {
      try {
        json = JSON.parse(text);
      } catch {
        throw new AppError("bad_request", "The body must be JSON (or empty).");
      }
    }
    const { overrideReason } = parseInput(approveBody, json);
    return approveEnvironment({ ctx, slug: params.slug, overrideReason });
  },
);
