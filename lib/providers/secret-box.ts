import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, resolveDataDir } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Provider API keys at rest: AES-256-GCM under a key derived from the server secret (STUDIO_SECRET,
// else a random secret kept in DATA_DIR/studio-secret). The ciphertext is `v1.<iv>.<tag>.<data>`
// in base64url; the GCM tag makes a wrong secret or a tampered value fail loudly, never decrypt to junk.

const VERSION = "v1";
const SECRET_FILE = "studio-secret";
let cachedKey: Buffer | undefined;

/** The 32-byte encryption key, from STUDIO_SECRET or the data folder's secret file (created once). */
export function getSecretKey(): Buffer {
  cachedKey ??= deriveKey(env.STUDIO_SECRET ?? readOrCreateSecretFile());
  return cachedKey;
}

export function deriveKey(secret: string): Buffer {
  return createHash("sha256").update(`environment-studio:provider-keys:${secret}`).digest();
}

function readOrCreateSecretFile(): string {
  const dir = resolveDataDir();
  const file = path.join(dir, SECRET_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dir, { recursive: true });
  try {
    // `wx`: if another process wrote it first, read theirs instead of overwriting it.
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function encryptSecret(plain: string, key: Buffer = getSecretKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".");
}

export function decryptSecret(sealed: string, key: Buffer = getSecretKey()): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw new AppError("internal", "A stored API key is in an unknown format.");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch (cause) {
    throw new AppError(
      "internal",
      "A stored API key can't be decrypted: STUDIO_SECRET (or DATA_DIR/studio-secret) changed since it was saved. Enter the key again.",
      { cause },
    );
  }
}
