import type { Ctx } from "@/lib/auth/context";
import { CliUsageError } from "./program";

// `ENV@VERSION` or `ENV@draft`, as `studio validate` and `studio attack` take it.

export type GraderTarget = { slug: string; version: number | null; isDraft: boolean };

/** Reads the command's environment argument; a malformed one is a usage error. */
export async function parseGraderTarget(ref: string): Promise<GraderTarget> {
  const { parseVersionRef } = await import("@/lib/versions/schemas");
  if (/@draft$/i.test(ref)) return { slug: ref.slice(0, -"@draft".length), version: null, isDraft: true };
  try {
    return { ...parseVersionRef(ref), isDraft: false };
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
}

/** The version number to run on: null for the draft, else the one named (or the latest approved). */
export async function resolveTargetVersion(ctx: Ctx, target: GraderTarget): Promise<number | null> {
  if (target.isDraft) return null;
  const { getVersionSnapshot } = await import("@/lib/versions/queries");
  return (await getVersionSnapshot({ ctx, slug: target.slug, version: target.version })).version;
}
