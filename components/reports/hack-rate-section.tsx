import Link from "next/link";
import { Section } from "@/components/ui/section";
import type { HackRateSection as HackRateData } from "@/lib/reports/hack-rate-query";
import { VerdictSources } from "../scanners/verdict-sources";
import { HackRateFigure } from "./hack-rate-figure";

/** What the reward-hack scanners found in this environment's rollouts, and what reviewers confirmed. */
export function HackRateSection({ hackRate, slug }: { hackRate: HackRateData; slug: string }) {
  return (
    <Section
      title="Hack rates"
      description={`${hackRate.scanned} of ${hackRate.rollouts} rollouts scanned; ${hackRate.labelled} with a final label that says hack or not.`}
    >
      <dl className="grid gap-4 sm:grid-cols-3" aria-label="Hack rates">
        <HackRateFigure
          kind="flagRate"
          interval={hackRate.flagRate}
          corrected={hackRate.correctedFlagRate}
          detail={<VerdictSources bySource={hackRate.bySource} disputed={hackRate.disputed} />}
          testId="flag-rate"
          className="rounded-md border border-border p-3"
        />
        <HackRateFigure
          kind="confirmedRate"
          interval={hackRate.confirmedRate}
          testId="confirmed-hack-rate"
          className="rounded-md border border-border p-3"
        />
        <HackRateFigure
          kind="confirmedAmongFlagged"
          interval={hackRate.confirmedAmongFlagged}
          testId="flags-confirmed"
          className="rounded-md border border-border p-3"
        />
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
