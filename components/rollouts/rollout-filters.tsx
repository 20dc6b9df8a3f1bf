import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { type RolloutFacets, RolloutFilterFields } from "./rollout-filter-fields";

/**
 * The filter form: a plain GET form, so every filter lives in the URL and works without JavaScript.
 * `filter` holds the raw URL values (strings), so an invalid value is shown back as typed. */
export function RolloutFilters({
  filter,
  facets,
}: {
  filter: Partial<Record<string, string>>;
  facets: RolloutFacets;
}) {
  return (
    <form
      method="get"
      action="/rollouts"
      aria-label="Filter rollouts"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex gap-2">
        <Input
          name="q"
          type="search"
          defaultValue={filter.q ?? ""}
          placeholder='Search messages: words, "exact phrase", -exclude'
          aria-label="Search messages"
          className="h-10 flex-1 text-base"
        />
        <Button type="submit" size="lg">
          Search
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
        <RolloutFilterFields filter={filter} facets={facets} idPrefix="f" />
        <Field label="Tool errors" htmlFor="f-tool-errors">
          <Select id="f-tool-errors" name="toolErrors" defaultValue={filter.toolErrors ?? ""}>
            <option value="">Any</option>
            <option value="yes">With tool errors</option>
            <option value="no">Without tool errors</option>
          </Select>
        </Field>
        <Field label="Imported from" htmlFor="f-from">
          <Input id="f-from" name="from" type="date" defaultValue={filter.from?.slice(0, 10) ?? ""} />
        </Field>
        <Field label="Imported to" htmlFor="f-to">
          <Input id="f-to" name="to" type="date" defaultValue={filter.to?.slice(0, 10) ?? ""} />
        </Field>
        <Field label="Sort" htmlFor="f-sort">
          <Select id="f-sort" name="sort" defaultValue={filter.sort ?? "newest"}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="reward-desc">Highest reward</option>
            <option value="reward-asc">Lowest reward</option>
          </Select>
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          <Link
            href="/rollouts"
            className="inline-flex h-9 items-center px-2 text-sm text-fg-muted hover:text-fg"
          >
            Clear
          </Link>
        </div>
      </div>
    </form>
  );
}
