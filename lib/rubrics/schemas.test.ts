import { describe, expect, it } from "vitest";
import { createBlankCriterion, nextKey } from "./schemas";

describe("new criterion keys", () => {
  it("takes the first free key, also after deletions", () => {
    expect(nextKey("criterion", [])).toBe("criterion-1");
    expect(nextKey("criterion", ["criterion-1", "criterion-3"])).toBe("criterion-4");
    expect(nextKey("shared", ["shared-3", "shared-2"])).toBe("shared-4");
  });

  it("creates an empty binary criterion that doesn't collide", () => {
    const existing = createBlankCriterion([], "shared");
    expect(existing).toMatchObject({ key: "shared-1", type: "binary", weight: 1, title: "" });
    expect(createBlankCriterion([existing], "shared").key).toBe("shared-2");
  });
});
