import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { decodeCursor, encodeCursor } from "./cursor";

const ID = "0b6c0c54-3f0e-4c1e-9d7e-8f1a2b3c4d5e";

describe("rollout cursors", () => {
  it("round-trips a time cursor with microseconds", () => {
    const cursor = { sort: "newest" as const, value: "2026-01-12T09:00:00.123456Z", id: ID };
    const raw = encodeCursor(cursor);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(raw, "newest")).toEqual(cursor);
  });

  it("round-trips reward cursors, including a null reward", () => {
    for (const value of [0.125, -3, null]) {
      const raw = encodeCursor({ sort: "reward-desc", value, id: ID });
      expect(decodeCursor(raw, "reward-desc")).toEqual({ sort: "reward-desc", value, id: ID });
    }
  });

  it("rejects a cursor made for another sort", () => {
    const raw = encodeCursor({ sort: "oldest", value: "2026-01-12T09:00:00Z", id: ID });
    expect(() => decodeCursor(raw, "newest")).toThrow(/made for sort 'oldest'/);
  });

  it("rejects garbage, a bad id, and a value of the wrong kind", () => {
    const bad = [
      "not-base64-json",
      Buffer.from(JSON.stringify({ s: "newest", v: "2026-01-12T09:00:00Z", i: "nope" })).toString(
        "base64url",
      ),
      Buffer.from(JSON.stringify({ s: "newest", v: 5, i: ID })).toString("base64url"),
      Buffer.from(JSON.stringify({ s: "newest", v: "1; drop table rollouts", i: ID })).toString("base64url"),
      Buffer.from(JSON.stringify({ s: "reward-asc", v: "0.5", i: ID })).toString("base64url"),
    ];
    for (const raw of bad) {
      const sort = raw === bad[4] ? "reward-asc" : "newest";
      expect(() => decodeCursor(raw, sort), raw).toThrow(AppError);
    }
  });
});
