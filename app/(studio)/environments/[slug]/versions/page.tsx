import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { AttackPanel } from "@/components/versions/attack-panel";
import { CorpusReplayPanel } from "@/components/versions/corpus-replay-panel";
import { LifecycleActions } from "@/components/versions/lifecycle-actions";
import { SamplePicker } from "@/components/versions/sample-picker";
import { ShareLinks } from "@/components/versions/share-links";
import { ValidationPanel } from "@/components/versions/validation-panel";
import { VersionsTable } from "@/components/versions/versions-table";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listDatasheetLinks } from "@/lib/catalog/datasheet-links";
import { listCorpusReplays } from "@/lib/corpus-replay/queries";
import { listAttackRuns } from "@/lib/grader-attacks/queries";
import { listValidations } from "@/lib/grader-validation/queries";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { listProviders } from "@/lib/providers/queries";
import { STATUS_LABELS } from "@/lib/versions/lifecycle";
import { getShipOverview } from "@/lib/versions/overview-queries";

export const metadata: Metadata = { title: "Versions" };

type Props = { params: Promise<{ slug: string }> };

const STATUS_TONE = {
  draft: "neutral",
  "in-review": "warning",
  approved: "accent",
  published: "success",
  retired: "neutral",
} as const;

export default async function VersionsPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/versions");
  const { slug } = await params;
  const overview = await getShipOverview({ ctx, slug }).catch(toNotFound);
  const { environment, versions, state } = overview;
  const links = overview.canShare ? await listDatasheetLinks({ ctx, slug }) : [];
  const validations = await listValidations({ ctx, slug });
  const replays = await listCorpusReplays({ ctx, slug });
  const attackRuns = await listAttackRuns({ ctx, slug });
  const providerNames = can(ctx.role, "providers.read")
    ? (await listProviders({ ctx })).map((p) => p.name)
    : [];
  const base = `/environments/${encodeURIComponent(slug)}`;
  return (
    <>
      <PageHeader
        title={`${environment.name}: versions`}
        description="Submit for review, approve an immutable version, publish it to the catalog, export it for a lab."
        actions={
          <LifecycleActions
            slug={slug}
            steps={overview.steps}
            readiness={overview.readiness}
            latestVersion={state.latestVersion}
            status={environment.status}
          />
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-3 text-sm">
        <span>
          Status:{" "}
          <Badge tone={STATUS_TONE[environment.status]} data-testid="environment-status">
            {STATUS_LABELS[environment.status]}
          </Badge>
        </span>
        <span className="text-fg-muted">
          {state.hasLiveVersion ? "A version is in the catalog." : "Nothing in the catalog yet."} Edits change
          the draft; buyers see them after a new approval and publication.
        </span>
        <Link className="text-accent hover:underline" href={base}>
          Back to the environment
        </Link>
      </div>
      <div className="flex flex-col gap-6">
        <Section
          title="Versions"
          description="Each approval freezes tasks, rubrics, checks, answer keys, samples and the report."
        >
          <VersionsTable slug={slug} versions={versions} canExport={overview.canExport} />
          {versions.length > 0 ? (
            <form
              method="get"
              action={`${base}/versions/compare`}
              className="flex flex-wrap items-center gap-2 text-sm"
            >
              <label htmlFor="compare-a">Compare</label>
              <Select id="compare-a" name="a" defaultValue={String(versions.at(-1)?.version)}>
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    v{v.version}
                  </option>
                ))}
              </Select>
              <label htmlFor="compare-b">with</label>
              <Select id="compare-b" name="b" defaultValue="draft">
                <option value="draft">the draft</option>
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    v{v.version}
                  </option>
                ))}
              </Select>
              <Button type="submit" variant="secondary" size="sm">
                Show the diff
              </Button>
            </form>
          ) : null}
        </Section>
        <Section
          title="Validation"
          description="Each task's reference solution must score 1 and an empty answer 0 through every format's exported grader. Approval is blocked while the draft's validation fails."
        >
          <ValidationPanel
            slug={slug}
            versions={versions.map((v) => v.version)}
            canValidate={overview.canExport}
            initial={validations}
          />
        </Section>
        <Section
          title="Grader attacks"
          description="Each task's grader attacked with answers that do not solve it, in every format, in a sandbox. Approval is blocked while the draft's latest attack run found a hackable grader, unless the owner writes why."
        >
          <AttackPanel
            slug={slug}
            versions={versions.map((v) => v.version)}
            canAttack={overview.canExport}
            providers={providerNames}
            initial={attackRuns}
          />
        </Section>
        <Section
          title="Corpus replay"
          description="The reward-hack corpus (rollouts whose final label is a reward hack) graded again on their final answers by each grader version: its checks, its test scripts in the sandbox, and the deployed judge on its rubric criteria. A version that rewards more known hacks than the last one is a regression: approval is blocked until the owner writes why."
        >
          <CorpusReplayPanel
            slug={slug}
            versions={versions.map((v) => v.version)}
            replays={replays}
            canReplay={overview.canExport}
          />
        </Section>
        <Section
          title="Samples for buyers"
          description="Labelled rollouts buyers read in full on the datasheet. A transcript quoting an answer key is refused."
        >
          <SamplePicker
            slug={slug}
            canChoose={overview.canChooseSamples}
            chosen={overview.samples.map((s) => ({ ...s, verdict: s.label?.verdict ?? null }))}
            candidates={overview.candidates}
          />
        </Section>
        {overview.canShare ? (
          <Section
            title="Public datasheet"
            description="Anyone with the link reads the published datasheet without signing in."
          >
            <ShareLinks slug={slug} links={links} canCreate={state.hasLiveVersion} />
          </Section>
        ) : null}
      </div>
    </>
  );
}
