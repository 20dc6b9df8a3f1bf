import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatDateTime } from "@/lib/rollouts/format";

type Facets = {
  models: string[];
  environments: { slug: string; name: string }[];
  runs: { id: string; source: string; format: string; createdAt: Date }[];
};

function Labelled({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={htmlFor} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The filter form: a plain GET form, so every filter lives in the URL and works without JavaScript.
 * `filter` holds the raw URL values (strings), so an invalid value is shown back as typed. */
export function RolloutFilters({
  filter,
  facets,
}: {
  filter: Partial<Record<string, string>>;
  facets: Facets;
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
        <Labelled label="Environment" htmlFor="f-environment">
          <Select id="f-environment" name="environment" defaultValue={filter.environment ?? ""}>
            <option value="">Any</option>
            {facets.environments.map((e) => (
              <option key={e.slug} value={e.slug}>
                {e.name}
              </option>
            ))}
          </Select>
        </Labelled>
        <Labelled label="Task key" htmlFor="f-task">
          <Input id="f-task" name="task" defaultValue={filter.task ?? ""} placeholder="Any" />
        </Labelled>
        <Labelled label="Model" htmlFor="f-model">
          <Select id="f-model" name="model" defaultValue={filter.model ?? ""}>
            <option value="">Any</option>
            {facets.models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </Labelled>
        <Labelled label="Run" htmlFor="f-run">
          <Select id="f-run" name="run" defaultValue={filter.run ?? ""}>
            <option value="">Any</option>
            {facets.runs.map((r) => (
              <option key={r.id} value={r.id}>
                {r.source.slice(0, 60)} · {formatDateTime(r.createdAt)}
              </option>
            ))}
          </Select>
        </Labelled>
        <Labelled label="Min reward" htmlFor="f-min">
          <Input id="f-min" name="minReward" type="number" step="any" defaultValue={filter.minReward ?? ""} />
        </Labelled>
        <Labelled label="Max reward" htmlFor="f-max">
          <Input id="f-max" name="maxReward" type="number" step="any" defaultValue={filter.maxReward ?? ""} />
        </Labelled>
        <Labelled label="Tool errors" htmlFor="f-tool-errors">
          <Select id="f-tool-errors" name="toolErrors" defaultValue={filter.toolErrors ?? ""}>
            <option value="">Any</option>
            <option value="yes">With tool errors</option>
            <option value="no">Without tool errors</option>
          </Select>
        </Labelled>
        <Labelled label="Label" htmlFor="f-label">
          <Select id="f-label" name="label" defaultValue={filter.label ?? ""}>
            <option value="">Any</option>
            <option value="unlabeled">Unlabeled</option>
            <option value="labeled">Labeled</option>
          </Select>
        </Labelled>
        <Labelled label="Imported from" htmlFor="f-from">
          <Input id="f-from" name="from" type="date" defaultValue={filter.from?.slice(0, 10) ?? ""} />
        </Labelled>
        <Labelled label="Imported to" htmlFor="f-to">
          <Input id="f-to" name="to" type="date" defaultValue={filter.to?.slice(0, 10) ?? ""} />
        </Labelled>
        <Labelled label="Sort" htmlFor="f-sort">
          <Select id="f-sort" name="sort" defaultValue={filter.sort ?? "newest"}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="reward-desc">Highest reward</option>
            <option value="reward-asc">Lowest reward</option>
          </Select>
        </Labelled>
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
