import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toPatchShape } from "./partial-shape";

describe("toPatchShape", () => {
  it("leaves omitted fields out instead of filling their defaults", () => {
    const shape = {
      name: z.string(),
      isOn: z.boolean().default(true),
      tags: z.array(z.string()).default([]),
    };
    const patch = z.object(toPatchShape(shape));
    expect(patch.parse({})).toEqual({});
    expect(patch.parse({ isOn: false })).toEqual({ isOn: false });
    expect(patch.safeParse({ tags: "x" }).success).toBe(false);
  });
});
