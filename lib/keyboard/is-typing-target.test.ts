import { describe, expect, it } from "vitest";
import { isTypingTarget } from "./is-typing-target";

const element = (tagName: string, extra: Record<string, unknown> = {}) =>
  ({ tagName, isContentEditable: false, ...extra }) as unknown as EventTarget;

describe("isTypingTarget", () => {
  it("is true in fields that take text", () => {
    for (const type of ["text", "search", "email", "number", "password"]) {
      expect(isTypingTarget(element("INPUT", { type }))).toBe(true);
    }
    expect(isTypingTarget(element("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(element("SELECT"))).toBe(true);
    expect(isTypingTarget(element("DIV", { isContentEditable: true }))).toBe(true);
  });

  it("is false on checkboxes, radios, buttons and other elements, so shortcuts keep working", () => {
    for (const type of ["checkbox", "radio", "submit", "button", "range"]) {
      expect(isTypingTarget(element("INPUT", { type }))).toBe(false);
    }
    expect(isTypingTarget(element("BUTTON"))).toBe(false);
    expect(isTypingTarget(element("SECTION"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
