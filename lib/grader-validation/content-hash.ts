import { sha256Hex, toCanonicalJson } from "@/lib/exports/export-file";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";

/**
 * What a validation vouches for: the tasks as graded (prompts, files, keys, rubrics, checks,
 * scripts, reference solutions). The same draft frozen at approval has the same hash, whatever
 * version number or approval time it gets.
 */
export function hashValidatedContent(snapshot: EnvironmentVersionSnapshot): string {
  return sha256Hex(toCanonicalJson({ environment: snapshot.environment.slug, tasks: snapshot.tasks }));
}
