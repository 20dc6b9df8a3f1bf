import { sql } from "drizzle-orm";

/**
 * Ids as one uuid[] parameter: one bound value however many ids, where a list of parameters would
 * make a statement per list length. For ids that come from the database, never from input.
 */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;
