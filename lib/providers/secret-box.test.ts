import { describe, expect, it } from "vitest";
import { decryptSecret, deriveKey, encryptSecret } from "./secret-box";

describe("secret box", () => {
  const key = deriveKey("a test secret of some length");

  it("round-trips, with a fresh IV each time", () => {
    const a = encryptSecret("sk-abc", key);
    const b = encryptSecret("sk-abc", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("sk-abc");
    expect(decryptSecret(a, key)).toBe("sk-abc");
  });

  it("refuses another secret's ciphertext and a tampered one", () => {
    const sealed = encryptSecret("sk-abc", key);
    expect(() => decryptSecret(sealed, deriveKey("another secret entirely"))).toThrow(/STUDIO_SECRET/);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("sk-abd").toString("base64url");
    expect(() => decryptSecret(parts.join("."), key)).toThrow(/can't be decrypted/);
    expect(() => decryptSecret("plain", key)).toThrow(/unknown format/);
  });
});
