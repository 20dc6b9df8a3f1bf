import { notFound } from "next/navigation";
import { isAppError } from "@/lib/errors";

// The page boundary's one translation of errors (docs/conventions.md, Errors): a verb's not_found
// becomes the 404 page; anything else is thrown on to the segment's error.tsx.

/** For a page's `.catch`: `await getX({ ctx, id }).catch(toNotFound)`. */
export function toNotFound(error: unknown): never {
  if (isAppError(error) && error.code === "not_found") notFound();
  throw error;
}
