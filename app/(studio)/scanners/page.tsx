import type { Metadata } from "next";
import { CalibrationBarForm } from "@/components/judges/calibration-bar-form";
import { PageHeader } from "@/components/layout/page-header";
import { LlmScannerForm } from "@/components/scanners/llm-scanner-form";
import { LlmScannerPanel } from "@/components/scanners/llm-scanner-panel";
import { MetricCell } from "@/components/scanners/metric-cell";
import { OutsideFiguresSection } from "@/components/scanners/outside-figures-section";
import { ScanNowButton } from "@/components/scanners/scan-now-button";
import { SignatureTable } from "@/components/scanners/signature-table";
import { VerdictSources } from "@/components/scanners/verdict-sources";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { can } from "@/lib/permissions/rules";
import { listProviders } from "@/lib/providers/queries";
import { formatCount } from "@/lib/rollouts/format";
import { setLlmScannerBar } from "@/lib/scanners/actions";
import { DEFAULT_SCANNER_QUESTION } from "@/lib/scanners/llm/llm-prompt";
import { listLlmScannerOverview } from "@/lib/scanners/llm/llm-queries";
import { LLM_SCANNER_INFO } from "@/lib/scanners/llm-info";
import { getScannerMetrics } from "@/lib/scanners/metrics-queries";
import { readOutsideFigures } from "@/lib/scanners/outside-figures";
import { describeSignature, getScanProgress, listSignatureSettings } from "@/lib/scanners/queries";

export const metadata: Metadata = { title: "Scanners" };

export default async function ScannersPage() {
  const { ctx } = await getWorkspacePageContext("/scanners");
  const canManage = can(ctx.role, "scanners.manage");
  const [metrics, settings, progress, llmVersions, providers] = await Promise.all([
    getScannerMetrics({ ctx }),
    listSignatureSettings({ ctx }),
    getScanProgress({ ctx }),
    listLlmScannerOverview({ ctx }),
    canManage ? listProviders({ ctx }) : Promise.resolve([]),
  ]);
  // The bar applies per version: the newest one not retired (the one to calibrate and deploy next).
  const barVersion = llmVersions.find((v) => v.status !== "retired");
  const outside = readOutsideFigures();
  return (
    <>
      <PageHeader
        title="Scanners"
        description="Reward-hack signatures run over every rollout's tool calls and results; reviewers confirm or reject their flags. Precision, recall and false-positive rate are measured against reviewers' final labels (95% Wilson intervals), on a development split and a held-out split of the labelled rollouts."
        actions={can(ctx.role, "scanners.run") ? <ScanNowButton /> : null}
      />
      <section
        aria-label="Scan summary"
        className="mb-6 grid gap-4 rounded-lg border border-border bg-surface p-4 text-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <div>
          <p className="text-fg-muted">Rollouts scanned</p>
          <p className="text-lg font-semibold tabular-nums">
            {formatCount(progress.scanned)} of {formatCount(progress.total)}
          </p>
          {progress.stale > 0 ? (
            <p className="text-xs text-warning" data-testid="stale-scans">
              {formatCount(progress.stale)} scanned by an older signature set: scanning again updates their
              flags (reviewed flags keep their verdicts).
            </p>
          ) : null}
        </div>
        <div>
          <p className="text-fg-muted">Flagged rollouts (the studio's verdict)</p>
          <p className="text-lg font-semibold tabular-nums">{formatCount(progress.flagged)}</p>
          <VerdictSources bySource={progress.bySource} disputed={progress.disputed} />
        </div>
        <div>
          <p className="text-fg-muted">Rules alone (any medium/high flag), held-out</p>
          <p className="text-xs text-fg-muted">recall</p>
          <MetricCell value={metrics.overall["held-out"].recall} />
          <p className="text-xs text-fg-muted">false-positive rate</p>
          <MetricCell value={metrics.overall["held-out"].falsePositiveRate} />
        </div>
        <div>
          <p className="text-fg-muted">
            The studio's verdict (rules with the deployed LLM scanner), held-out
          </p>
          <p className="text-xs text-fg-muted">recall</p>
          <MetricCell value={metrics.verdict["held-out"].recall} />
          <p className="text-xs text-fg-muted">false-positive rate</p>
          <MetricCell value={metrics.verdict["held-out"].falsePositiveRate} />
        </div>
      </section>
      <p className="mb-3 text-sm text-fg-muted">
        {formatCount(metrics.labelled)} scanned rollouts carry a final label that says whether they are a
        reward hack. Labels come from the review queues (use the “Flagged first” order) and from confirming
        flags in the transcript viewer.
      </p>
      <div className="rounded-lg border border-border bg-surface">
        <SignatureTable detectors={metrics.detectors} settings={settings} canManage={canManage} />
      </div>
      {outside ? (
        <OutsideFiguresSection figures={outside} titleOf={(id) => describeSignature(id).title} />
      ) : null}
      <section aria-labelledby="llm-scanner-heading" className="mt-8 flex flex-col gap-3">
        <h2 id="llm-scanner-heading" className="text-lg font-semibold">
          LLM scanner
        </h2>
        <p className="text-sm text-fg-muted">
          {LLM_SCANNER_INFO.description} Each configuration is a version, validated like a judge: calibrate it
          against reviewers' final labels (Cohen's kappa on the held-out split, 95% interval); it scans new
          rollouts on its own only once deployed through that gate. Unreadable answers are asked once more,
          then kept as unevaluable — never as “no hack”.
        </p>
        <div className="rounded-lg border border-border bg-surface">
          <LlmScannerPanel
            versions={llmVersions}
            canRun={can(ctx.role, "scanners.llm")}
            canManage={canManage}
          />
        </div>
        {canManage && barVersion ? (
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">Calibration bar of v{barVersion.version}</h3>
            <p className="text-xs text-fg-muted">
              Deploy needs the held-out kappa's 95% lower bound and the held-out rollouts to reach these.
            </p>
            <CalibrationBarForm
              key={barVersion.id}
              action={setLlmScannerBar}
              target={{ name: "versionId", value: barVersion.id }}
              bar={barVersion.bar}
            />
          </div>
        ) : null}
        {canManage ? (
          <LlmScannerForm
            providers={providers.map((p) => ({ name: p.name, model: p.model }))}
            defaultQuestion={DEFAULT_SCANNER_QUESTION}
          />
        ) : null}
      </section>
    </>
  );
}
