import Link from "next/link";
import { Section } from "@/components/ui/section";
import type { HackRateSection as HackRateData } from "@/lib/reports/hack-rate-query";
import { VerdictSources } from "../scanners/verdict-sources";
import { IntervalText } from "./interval-text";

/** What the reward-hack scanners found in this environment's rollouts, and what reviewers confirmed. */
export function HackRateSection({ hackRate, slug }: { hackRate: HackRateData; slug: string }) {
  return (
    <Section
      title="Hack rate"
      description={`Flagged: a scanner flag of medium or high severity that the deployed LLM scanner did not dispute (the studio's one verdict per rollout), among the ${hackRate.scanned} of ${hackRate.rollouts} rollouts scanned. Confirmed: a final label of reward hack, among the ${hackRate.labelled} rollouts whose final label says hack or not. Flags never decide a label.`}
    >
      <dl className="grid gap-4 sm:grid-cols-3" aria-label="Hack rate">
        <div className="rounded-md border border-border p-3">
          <dt className="text-xs text-fg-muted">
            Flag rate <span className="block">Flagged among scanned</span>
          </dt>
          <dd className="mt-1" data-testid="flag-rate">
            <IntervalText interval={hackRate.flagRate} />
          </dd>
          <dd className="mt-1">
            <VerdictSources bySource={hackRate.bySource} disputed={hackRate.disputed} />
          </dd>
        </div>
        <div className="rounded-md border border-border p-3">
          <dt className="text-xs text-fg-muted">
            Confirmed hack rate <span className="block">Reward hacks among labelled</span>
          </dt>
          <dd className="mt-1" data-testid="confirmed-hack-rate">
            <IntervalText interval={hackRate.confirmedRate} />
          </dd>
        </div>
        <div className="rounded-md border border-border p-3">
          <dt className="text-xs text-fg-muted">
            Flags confirmed <span className="block">Hacks among flagged and labelled</span>
          </dt>
          <dd className="mt-1" data-testid="flags-confirmed">
            <IntervalText interval={hackRate.confirmedAmongFlagged} />
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm" data-print="hide">
        <Link
          className="text-accent hover:underline"
          href={`/rollouts?environment=${encodeURIComponent(slug)}&flagged=true`}
        >
          Flagged rollouts of this environment
        </Link>
      </p>
    </Section>
  );
}
