import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { ModelCount } from "@/lib/reports/compare-query";

/** Two model pickers; a plain GET form, so the comparison has a shareable URL and works without JavaScript. */
export function ComparePicker({
  slug,
  models,
  a,
  b,
}: {
  slug: string;
  models: ModelCount[];
  a?: string;
  b?: string;
}) {
  return (
    <form
      method="get"
      action={`/environments/${encodeURIComponent(slug)}/compare`}
      className="flex flex-wrap items-end gap-3"
      data-print="hide"
    >
      <Field label="Model A" htmlFor="compare-a">
        <Select id="compare-a" name="a" defaultValue={a ?? models[0]?.model} required>
          {models.map((m) => (
            <option key={m.model} value={m.model}>
              {m.model} ({m.tasks} tasks)
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Model B" htmlFor="compare-b">
        <Select id="compare-b" name="b" defaultValue={b ?? models[1]?.model} required>
          {models.map((m) => (
            <option key={m.model} value={m.model}>
              {m.model} ({m.tasks} tasks)
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="secondary">
        Compare
      </Button>
    </form>
  );
}
