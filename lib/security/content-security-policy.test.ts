import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, createNonce } from "./content-security-policy";

function directives(policy: string): Map<string, string> {
  return new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]));
}

describe("the Content-Security-Policy", () => {
  it("allows scripts by nonce only, no handlers, plugins or framing, images from self and data:", () => {
    const policy = directives(buildContentSecurityPolicy("abc123", { isDev: false }));
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy.get("script-src-attr")).toBe("'none'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("img-src")).toBe("'self' data:");
    expect(buildContentSecurityPolicy("abc123", { isDev: false })).not.toContain("unsafe-eval");
  });

  it("makes a fresh nonce for every request", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
