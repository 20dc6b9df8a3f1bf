import { describe, expect, it } from "vitest";
import type { Ctx } from "@/lib/auth/context";
import type { Role } from "@/lib/permissions/rules";
import { canReadAnswerKeys } from "./answer-key-access";

const ctx = (role: Role): Ctx => ({
  actor: { kind: "cli" },
  workspace: { id: "w", slug: "w", name: "W" },
  role,
});

describe("canReadAnswerKeys", () => {
  it.each([
    ["owner", true, true],
    ["owner", false, true],
    ["author", true, true],
    ["author", false, true],
    ["reviewer", true, true],
    ["reviewer", false, false],
    ["buyer", true, false],
    ["buyer", false, false],
  ] as const)("%s with reviewersSeeAnswerKeys=%s → %s", (role, reviewersSeeAnswerKeys, expected) => {
    expect(canReadAnswerKeys(ctx(role), { reviewersSeeAnswerKeys })).toBe(expected);
  });
});
