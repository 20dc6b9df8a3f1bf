import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { toNotFound } from "./not-found";

describe("toNotFound", () => {
  it("turns a verb's not_found into Next's 404", () => {
    const thrown = (() => {
      try {
        toNotFound(new AppError("not_found", "No such task."));
      } catch (error) {
        return error as { digest?: string };
      }
    })();
    expect(thrown?.digest).toMatch(/404/);
  });

  it("throws every other error on, unchanged", () => {
    const forbidden = new AppError("forbidden", "No.");
    expect(() => toNotFound(forbidden)).toThrow(forbidden);
    const crash = new TypeError("boom");
    expect(() => toNotFound(crash)).toThrow(crash);
  });
});
