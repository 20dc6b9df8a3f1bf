import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { CatalogQuery } from "@/lib/catalog/cards";

/** Search and filters as a GET form: every filtered catalog has a shareable URL. */
export function CatalogFilters({ query, domains }: { query: CatalogQuery; domains: string[] }) {
  return (
    <search className="mb-6">
      <form
        method="get"
        action="/catalog"
        className="flex flex-wrap items-end gap-3"
        aria-label="Catalog filters"
      >
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="catalog-q" className="text-sm font-medium">
            Search
          </label>
          <Input id="catalog-q" name="q" defaultValue={query.q ?? ""} placeholder="Name, domain, tag…" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="catalog-domain" className="text-sm font-medium">
            Domain
          </label>
          <Select id="catalog-domain" name="domain" defaultValue={query.domain ?? ""}>
            <option value="">Any</option>
            {domains.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="catalog-difficulty" className="text-sm font-medium">
            Difficulty
          </label>
          <Select id="catalog-difficulty" name="difficulty" defaultValue={query.difficulty ?? ""}>
            <option value="">Any</option>
            {["easy", "medium", "hard", "expert"].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="catalog-band" className="text-sm font-medium">
            Band
          </label>
          <Select id="catalog-band" name="band" defaultValue={query.band ?? ""}>
            <option value="">Any</option>
            <option value="learnable">Learnable</option>
            <option value="saturated">Saturated</option>
            <option value="no-signal">No signal</option>
          </Select>
        </div>
        <Button type="submit">Filter</Button>
      </form>
    </search>
  );
}
