import type { Actor } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";

// Who a label belongs to. Users label under their account; API keys (scripts, training pipelines)
// label under the key. Shell commands have no reviewer identity, so they cannot label.

export type Reviewer = {
  reviewerId: string | null;
  apiKeyId: string | null;
  /** `user:<id>` or `api-key:<id>`: the version line a label continues. */
  reviewerKey: string;
  reviewerName: string;
};

export function resolveReviewer(actor: Actor): Reviewer {
  if (actor.kind === "user") {
    return {
      reviewerId: actor.userId,
      apiKeyId: null,
      reviewerKey: `user:${actor.userId}`,
      reviewerName: actor.email,
    };
  }
  if (actor.kind === "api-key") {
    return {
      reviewerId: null,
      apiKeyId: actor.apiKeyId,
      reviewerKey: `api-key:${actor.apiKeyId}`,
      reviewerName: `API key ${actor.name}`,
    };
  }
  throw new AppError("invalid", "Labels need a reviewer: sign in, or use an API key.");
}
