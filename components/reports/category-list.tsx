import type { CategoryTally } from "@/lib/reports/failures";

const FAMILY_NAMES = { "reward-hack": "hack", "failure-mode": "failure" } as const;

/** Categories with their counts, most frequent first, e.g. "Wrong result (failure) 5". */
export function CategoryList({ categories, limit = 6 }: { categories: CategoryTally[]; limit?: number }) {
  if (categories.length === 0) return <span className="text-fg-muted">—</span>;
  const shown = categories.slice(0, limit);
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
      {shown.map((category) => (
        <li key={category.category} className="whitespace-nowrap">
          {category.name}
          {category.family ? (
            <span className="text-xs text-fg-muted"> ({FAMILY_NAMES[category.family]})</span>
          ) : null}{" "}
          <span className="tabular-nums font-medium">{category.count}</span>
        </li>
      ))}
      {categories.length > shown.length ? (
        <li className="text-fg-muted">+{categories.length - shown.length} more</li>
      ) : null}
    </ul>
  );
}
