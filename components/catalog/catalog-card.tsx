import Link from "next/link";
import { HackRateFigure } from "@/components/reports/hack-rate-figure";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { CatalogCard as CatalogCardData } from "@/lib/catalog/cards";
import { formatPercent } from "@/lib/catalog/format";
import { BandBar } from "./band-bar";

/** One published environment: what it is, how hard, how strong the best model is, how often it's gamed. */
export function CatalogCard({ card }: { card: CatalogCardData }) {
  return (
    <Card className="flex flex-col gap-3" aria-labelledby={`card-${card.slug}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`card-${card.slug}`} className="text-base font-semibold">
          <Link className="hover:text-accent" href={`/catalog/${encodeURIComponent(card.slug)}`}>
            {card.name}
          </Link>
        </h2>
        <Badge tone="accent">v{card.version}</Badge>
      </div>
      {card.domain ? <p className="text-xs uppercase tracking-wide text-fg-muted">{card.domain}</p> : null}
      <p className="line-clamp-3 text-sm text-fg-muted">{card.description || "No description."}</p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-fg-muted">Tasks</dt>
          <dd className="font-semibold tabular-nums" data-testid="card-tasks">
            {card.taskCount}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Best pass@1</dt>
          <dd className="font-semibold tabular-nums" title={card.bestModel?.model}>
            {card.bestModel ? formatPercent(card.bestModel.passAt1) : "—"}
          </dd>
        </div>
        <HackRateFigure kind="hacksAmongRewarded" interval={card.hackRate} testId="card-hack-rate" compact />
      </dl>
      {card.bestModel ? <p className="text-xs text-fg-muted">Best model: {card.bestModel.model}</p> : null}
      <BandBar bands={card.bands} />
      {card.tags.length > 0 ? (
        <div className="flex flex-wrap gap-1">
          {card.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
