import { z } from "zod";
import { describePatternProblem } from "./pattern-problem";
import { isSafePattern } from "./safe-regex";

// Programmatic checks: the kind, its configuration (the expected values), and what it covers.
// Shared by the editor, the API and the evaluators; the config holds answer material.

export const CHECK_KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A regular expression RE2 accepts (linear-time matching, see safe-regex.ts), with only i/m/s/u flags. */
export function isValidPattern(pattern: string, flags = ""): boolean {
  return isSafePattern(pattern, flags);
}

const extract = z
  .string()
  .max(500)
  .superRefine((pattern, ctx) => {
    const problem = describePatternProblem(pattern);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .optional()
  .describe(
    "A regular expression applied to the response first; its first group (or whole match) is checked",
  );

export const exactMatchConfig = z.object({
  expected: z.string().max(10_000),
  caseSensitive: z.boolean().default(false),
  normalizeWhitespace: z.boolean().default(true),
  extract,
});

export const regexConfig = z
  .object({
    pattern: z.string().min(1).max(1_000),
    flags: z
      .string()
      .regex(/^[imsu]*$/, "Use only the flags i, m, s and u.")
      .default(""),
    shouldMatch: z.boolean().default(true),
    extract,
  })
  .superRefine((c, ctx) => {
    const problem = describePatternProblem(c.pattern, c.flags);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["pattern"] });
  });

export const numberToleranceConfig = z.object({
  expected: z.number().finite(),
  tolerance: z.number().finite().min(0).default(0),
  /** Tolerance as a fraction of the expected value instead of an absolute difference. */
  relative: z.boolean().default(false),
  extract,
});

export const jsonPathEqualsConfig = z.object({
  path: z.string().min(1).max(500),
  expected: z.json().meta({ id: "JsonValue", description: "Any JSON value" }),
  extract,
});

export const containsAllConfig = z.object({
  items: z.array(z.string().min(1).max(2_000)).min(1).max(200),
  caseSensitive: z.boolean().default(false),
  extract,
});

export const LENGTH_UNITS = ["words", "characters", "lines"] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** The response's length in words, characters or non-blank lines, within bounds (either may be left out). */
export const lengthConfig = z
  .object({
    unit: z.enum(LENGTH_UNITS).default("words"),
    min: z.number().int("Use a whole number.").min(0, "Use 0 or more.").max(10_000_000).optional(),
    max: z.number().int("Use a whole number.").min(0, "Use 0 or more.").max(10_000_000).optional(),
    extract,
  })
  .superRefine((c, ctx) => {
    if (c.min === undefined && c.max === undefined)
      ctx.addIssue({
        code: "custom",
        message: "Give at least one bound: at least, at most, or both.",
        path: ["max"],
      });
    if (c.min !== undefined && c.max !== undefined && c.min > c.max)
      ctx.addIssue({
        code: "custom",
        message: `“At most” (${c.max}) is below “at least” (${c.min}); no response could pass.`,
        path: ["max"],
      });
  });

const common = {
  key: z.string().regex(CHECK_KEY_RE, "Use letters, digits, dot, dash or underscore (max 64)."),
  description: z.string().max(2_000).default(""),
  weight: z.number().finite().min(0).max(1_000).default(1),
  /** Requirement ids (or requirement text) of the prompt this check verifies. */
  requirements: z.array(z.string().min(1).max(2_000)).max(100).default([]),
};

export const checkInput = z.discriminatedUnion("kind", [
  z.object({ ...common, kind: z.literal("exact-match"), config: exactMatchConfig }),
  z.object({ ...common, kind: z.literal("regex"), config: regexConfig }),
  z.object({ ...common, kind: z.literal("number-tolerance"), config: numberToleranceConfig }),
  z.object({ ...common, kind: z.literal("json-path-equals"), config: jsonPathEqualsConfig }),
  z.object({ ...common, kind: z.literal("contains-all"), config: containsAllConfig }),
  z.object({ ...common, kind: z.literal("length"), config: lengthConfig }),
]);
export type CheckInput = z.input<typeof checkInput>;
export type Check = z.output<typeof checkInput>;
export type CheckKind = Check["kind"];

export const CHECK_KIND_LABELS: Record<CheckKind, string> = {
  "exact-match": "Exact match",
  regex: "Regular expression",
  "number-tolerance": "Number within tolerance",
  "json-path-equals": "JSON path equals",
  "contains-all": "Contains all",
  length: "Length (words, characters, lines)",
};

/** A new check of a kind with a sensible empty configuration. */
export function createEmptyCheck(kind: CheckKind, key: string): Check {
  const base = { key, description: "", weight: 1, requirements: [] };
  switch (kind) {
    case "exact-match":
      return { ...base, kind, config: { expected: "", caseSensitive: false, normalizeWhitespace: true } };
    case "regex":
      return { ...base, kind, config: { pattern: ".+", flags: "", shouldMatch: true } };
    case "number-tolerance":
      return { ...base, kind, config: { expected: 0, tolerance: 0, relative: false } };
    case "json-path-equals":
      return { ...base, kind, config: { path: "$.answer", expected: "" } };
    case "contains-all":
      return { ...base, kind, config: { items: ["…"], caseSensitive: false } };
    case "length":
      return { ...base, kind, config: { unit: "words", max: 200 } };
  }
}
