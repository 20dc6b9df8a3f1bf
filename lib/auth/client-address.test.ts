import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "./client-address";

const spoofed = (extra: Record<string, string> = {}) =>
  new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1", "x-real-ip": "203.0.113.10", ...extra });

describe("resolveClientAddress", () => {
  it("ignores X-Forwarded-For unless a proxy is trusted, and uses the socket address", () => {
    expect(
      resolveClientAddress(spoofed({ [CLIENT_ADDRESS_HEADER]: "198.51.100.7" }), { trustProxy: false }),
    ).toBe("198.51.100.7");
    expect(resolveClientAddress(spoofed(), { trustProxy: false })).toBe("local");
  });

  it("takes the first X-Forwarded-For address behind a trusted proxy", () => {
    expect(resolveClientAddress(spoofed({ [CLIENT_ADDRESS_HEADER]: "10.0.0.1" }), { trustProxy: true })).toBe(
      "203.0.113.9",
    );
    expect(
      resolveClientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.1" }), { trustProxy: true }),
    ).toBe("10.0.0.1");
  });
});
