import { Table, Td, Th } from "@/components/ui/table";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import type { FailureBreakdown } from "@/lib/reports/failures";
import { CategoryList } from "./category-list";

/** Final verdicts and categories per task or per model (rows capped; the JSON API has them all). */
export function FailureTable({
  label,
  rows,
  limit = 50,
}: {
  label: "Task" | "Model";
  rows: FailureBreakdown[];
  limit?: number;
}) {
  const shown = [...rows].sort((a, b) => b.labelled - a.labelled || (a.key < b.key ? -1 : 1)).slice(0, limit);
  return (
    <div className="flex flex-col gap-1">
      <Table aria-label={`Failures per ${label.toLowerCase()}`}>
        <thead>
          <tr>
            <Th>{label}</Th>
            <Th className="text-right">Labelled</Th>
            <Th>Final verdicts</Th>
            <Th>Failure modes and hack categories</Th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key}>
              <Td className={label === "Task" ? "font-mono text-xs" : "font-medium"}>{row.key}</Td>
              <Td className="text-right tabular-nums">{row.labelled}</Td>
              <Td className="text-xs">
                {Object.entries(row.verdicts)
                  .map(
                    ([verdict, count]) => `${VERDICT_NAMES[verdict as keyof typeof VERDICT_NAMES]} ${count}`,
                  )
                  .join(", ")}
              </Td>
              <Td className="text-xs">
                <CategoryList categories={row.categories} />
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {rows.length > shown.length ? (
        <p className="text-xs text-fg-muted">
          The {shown.length} most labelled of {rows.length} {label.toLowerCase()}s; all in the JSON API.
        </p>
      ) : null}
    </div>
  );
}
