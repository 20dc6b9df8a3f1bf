import "server-only";
import { TaskConflictError } from "./conflict";

/** Runs a save; a conflict becomes 409 with `conflict` (what changed and the current content). */
export async function respondToSave<T>(save: () => Promise<T>): Promise<T | Response> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof TaskConflictError)) throw error;
    return Response.json(
      { error: { code: error.code, message: error.message }, conflict: error.details },
      { status: 409 },
    );
  }
}
