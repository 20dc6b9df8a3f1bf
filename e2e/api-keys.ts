import type { DatabaseConnection } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { createSecretToken, hashToken } from "@/lib/auth/tokens";
import type { Role } from "@/lib/permissions/rules";

/** An API key for API tests, inserted directly (the UI flow is covered by accounts.spec.ts). */
export async function createApiKeyForTest(database: DatabaseConnection, workspaceId: string, role: Role) {
  const key = `es_${createSecretToken()}`;
  await database.db
    .insert(apiKeys)
    .values({ workspaceId, name: "e2e", role, prefix: key.slice(0, 10), keyHash: hashToken(key) });
  return key;
}
