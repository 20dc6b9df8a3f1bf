import { createHash, randomBytes } from "node:crypto";

/** A random URL-safe secret (256 bits). */
export function createSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Session tokens and API keys are high-entropy, so a fast hash is enough to store them safely. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
