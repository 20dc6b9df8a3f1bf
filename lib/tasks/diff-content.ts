import { isJsonEqual } from "@/lib/rubrics/checks/json-path";
import type { VisibleContent } from "./hidden-material";

// Which parts of a task changed between two versions: the summary a conflict and the history show
// next to the full text diff.

export type ContentChange = { path: string; label: string; change: "added" | "removed" | "changed" };

const FIELDS: [keyof VisibleContent, string][] = [
  ["title", "Title"],
  ["prompt", "Prompt"],
  ["tags", "Tags"],
  ["difficulty", "Difficulty"],
  ["timeBudgetMinutes", "Time budget"],
  ["turnBudget", "Turn budget"],
  ["giveUp", "Give-up"],
  ["scoring", "Scoring"],
  ["answerKey", "Answer key"],
  ["sharedRubricId", "Shared rubric"],
  ["judgeTemplate", "Judge template"],
  ["overrides", "Requirement marks"],
];

type Keyed = { list: keyof VisibleContent; label: string; keyOf: (item: never) => string };

const LISTS: Keyed[] = [
  { list: "resources", label: "Resource", keyOf: (r: { name: string }) => r.name },
  { list: "referenceSolutions", label: "Reference solution", keyOf: (s: { title: string }) => s.title },
  { list: "criteria", label: "Criterion", keyOf: (c: { key: string }) => c.key },
  {
    list: "goldenExamples",
    label: "Golden example",
    keyOf: (g: { title: string; response: string }) => g.title || g.response.slice(0, 40),
  },
  { list: "checks", label: "Check", keyOf: (c: { key: string }) => c.key },
  { list: "testScripts", label: "Test script", keyOf: (s: { filename: string }) => s.filename },
];

/** JSON round trip: drops undefined keys so in-memory and stored versions compare equal. */
const toJson = (content: VisibleContent): VisibleContent => JSON.parse(JSON.stringify(content));

export function diffContent(beforeContent: VisibleContent, afterContent: VisibleContent): ContentChange[] {
  const before = toJson(beforeContent);
  const after = toJson(afterContent);
  const changes: ContentChange[] = [];
  for (const [field, label] of FIELDS) {
    if (!isJsonEqual(before[field] ?? null, after[field] ?? null))
      changes.push({ path: field, label, change: "changed" });
  }
  for (const { list, label, keyOf } of LISTS) {
    const index = (items: unknown) =>
      new Map((items as never[]).map((item) => [keyOf(item), item as unknown]));
    const a = index(before[list]);
    const b = index(after[list]);
    for (const [key, item] of b) {
      const old = a.get(key);
      if (old === undefined)
        changes.push({ path: `${list}.${key}`, label: `${label} "${key}"`, change: "added" });
      else if (!isJsonEqual(old, item))
        changes.push({ path: `${list}.${key}`, label: `${label} "${key}"`, change: "changed" });
    }
    for (const key of a.keys()) {
      if (!b.has(key))
        changes.push({ path: `${list}.${key}`, label: `${label} "${key}"`, change: "removed" });
    }
  }
  return changes;
}
