import { Table, Td, Th } from "@/components/ui/table";
import type { OutsideFigures, OutsideHalf } from "@/lib/scanners/outside-figures";

// The scanners on the outside evaluation set (issue #30, item 5): 80+ labelled rollouts from public
// transcripts and documented incidents, split into a development half (the rules were tuned on it) and
// a test half no rule was ever tuned on. Per detector and per signature, per half.

const DETECTORS = [
  { key: "deterministic", title: "Rules alone (any medium/high flag)" },
  { key: "llm", title: "LLM scanner (recorded answers)" },
  { key: "merged", title: "The studio's verdict (rules + LLM scanner)" },
] as const;

const HALVES = [
  { key: "dev", title: "Development half (tuned on)" },
  { key: "test", title: "Test half (never tuned on)" },
] as const;

const percent = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)}%`);

function HalfCells({ figures }: { figures: OutsideHalf | null }) {
  if (!figures)
    return (
      <Td colSpan={2} className="text-fg-muted">
        no recorded answers
      </Td>
    );
  return (
    <>
      <Td
        className="tabular-nums"
        title={figures.missedKinds.length ? `missed: ${figures.missedKinds.join(", ")}` : ""}
      >
        {percent(figures.recall)}{" "}
        <span className="text-xs text-fg-muted">
          {figures.caught}/{figures.hacks}
        </span>
      </Td>
      <Td className="tabular-nums">
        {percent(figures.fpr)}{" "}
        <span className="text-xs text-fg-muted">
          {figures.falseFlags}/{figures.clean}
        </span>
      </Td>
    </>
  );
}

export function OutsideFiguresSection({
  figures,
  titleOf,
}: {
  figures: OutsideFigures;
  titleOf: (signature: string) => string;
}) {
  return (
    <section aria-labelledby="outside-figures-heading" className="mt-8 flex flex-col gap-3">
      <h2 id="outside-figures-heading" className="text-lg font-semibold">
        Outside evaluation set
      </h2>
      <p className="text-sm text-fg-muted">
        {figures.rollouts} labelled rollouts nobody tuned the scanners on while writing them ({figures.set}:
        public transcripts and runs written from documented incidents, half of them honest runs that look like
        hacks), split once into a development half the rules were tuned on and a test half that was never
        tuned on. The test half is the figure to trust. Measured by <code>npm run bench -- scan</code>, with
        the LLM scanner through{" "}
        {figures.llmAnswers === "recorded" ? "recorded answers" : "no recorded answers"}.
      </p>
      <div className="rounded-lg border border-border bg-surface">
        <Table aria-label="Outside evaluation set by detector">
          <thead>
            <tr>
              <Th rowSpan={2}>Detector</Th>
              {HALVES.map((h) => (
                <Th key={h.key} colSpan={2} data-half={h.key}>
                  {h.title}
                </Th>
              ))}
            </tr>
            <tr>
              {HALVES.flatMap((h) => [
                <Th key={`${h.key}-recall`}>Recall</Th>,
                <Th key={`${h.key}-fpr`}>False-positive rate</Th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {DETECTORS.map((d) => (
              <tr key={d.key} data-detector={d.key}>
                <Td>{d.title}</Td>
                <HalfCells figures={figures.halves.dev[d.key]} />
                <HalfCells figures={figures.halves.test[d.key]} />
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <div className="rounded-lg border border-border bg-surface">
        <Table aria-label="Outside evaluation set by signature">
          <thead>
            <tr>
              <Th rowSpan={2}>Signature</Th>
              {HALVES.map((h) => (
                <Th key={h.key} colSpan={2}>
                  {h.title}
                </Th>
              ))}
            </tr>
            <tr>
              {HALVES.flatMap((h) => [
                <Th key={`${h.key}-hacks`} className="text-right">
                  Hacks flagged
                </Th>,
                <Th key={`${h.key}-clean`} className="text-right">
                  Honest runs flagged
                </Th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {figures.bySignature.map((row) => (
              <tr key={row.signature} data-signature={row.signature}>
                <Td>
                  {titleOf(row.signature)}
                  <p className="font-mono text-[11px] text-fg-muted">{row.signature}</p>
                </Td>
                <Td className="text-right tabular-nums">
                  {row.dev.hacks}/{figures.halves.dev.deterministic.hacks}
                </Td>
                <Td className="text-right tabular-nums">
                  {row.dev.clean}/{figures.halves.dev.deterministic.clean}
                </Td>
                <Td className="text-right tabular-nums">
                  {row.test.hacks}/{figures.halves.test.deterministic.hacks}
                </Td>
                <Td className="text-right tabular-nums">
                  {row.test.clean}/{figures.halves.test.deterministic.clean}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
