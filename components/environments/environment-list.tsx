import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { EnvironmentSummary } from "@/lib/environments/queries";

/** Environments as cards: name, domain, description, tags and task count. */
export function EnvironmentList({ environments }: { environments: EnvironmentSummary[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Environments">
      {environments.map((e) => (
        <li key={e.id} className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-5">
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-base font-semibold">
              <Link href={`/environments/${e.slug}`} className="hover:underline">
                {e.name}
              </Link>
            </h2>
            <div className="flex shrink-0 gap-1">
              {e.archivedAt ? <Badge tone="warning">archived</Badge> : null}
              <Badge>{e.status}</Badge>
            </div>
          </div>
          <p className="text-xs text-fg-muted">
            <span className="font-mono">{e.slug}</span>
            {e.domain ? ` · ${e.domain}` : ""} · {e.taskCount} {e.taskCount === 1 ? "task" : "tasks"} ·{" "}
            <Link
              href={`/environments/${e.slug}/versions`}
              className="text-accent underline underline-offset-2"
            >
              Versions
            </Link>
          </p>
          {e.description ? <p className="line-clamp-3 text-sm text-fg-muted">{e.description}</p> : null}
          {e.tags.length ? (
            <div className="flex flex-wrap gap-1">
              {e.tags.map((tag) => (
                <Badge key={tag} tone="accent">
                  {tag}
                </Badge>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
