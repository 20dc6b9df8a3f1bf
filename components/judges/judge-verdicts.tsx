import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { RolloutJudgment } from "@/lib/judges/queries";

// The judges' verdicts on a rollout beside the reviewer's own criterion scores. Judgments never
// change a label: they sit next to it, every version kept (re-judging appends).

function judgeResult(j: RolloutJudgment): string {
  if (j.status === "unevaluable") return "unevaluable";
  return j.verdict ?? (j.score === null ? "–" : j.score.toFixed(2));
}

export function JudgeVerdicts({
  judgments,
  myScores,
}: {
  judgments: RolloutJudgment[];
  myScores: Record<string, number> | null;
}) {
  return (
    <section aria-label="Judge verdicts" className="mt-6 flex flex-col gap-2">
      <h2 className="text-base font-semibold">Judge verdicts</h2>
      {judgments.length === 0 ? (
        <p className="text-sm text-fg-muted">No judge has graded this rollout yet.</p>
      ) : (
        <Table aria-label="Judge verdicts by criterion">
          <thead>
            <tr>
              <Th>Criterion</Th>
              <Th>Judge</Th>
              <Th>Judge says</Th>
              <Th>Your score</Th>
              <Th>Reason and evidence</Th>
            </tr>
          </thead>
          <tbody>
            {judgments.map((j) => (
              <tr key={`${j.judgeId}:${j.version}:${j.criterion}`}>
                <Td className="font-mono text-xs">{j.criterion}</Td>
                <Td className="whitespace-nowrap text-xs">
                  {j.judge} v{j.version}{" "}
                  {j.versionStatus === "deployed" ? <Badge tone="success">deployed</Badge> : null}
                  <div className="text-fg-muted">{j.model}</div>
                </Td>
                <Td>
                  <Badge
                    tone={
                      j.status === "unevaluable"
                        ? "warning"
                        : j.verdict === "met"
                          ? "success"
                          : j.verdict === "not-met"
                            ? "danger"
                            : "accent"
                    }
                  >
                    {judgeResult(j)}
                  </Badge>
                  {j.disagreement ? (
                    <div className="text-xs text-fg-muted">
                      panel disagreement {(j.disagreement * 100).toFixed(0)}%
                    </div>
                  ) : null}
                </Td>
                <Td>{myScores && j.criterion in myScores ? myScores[j.criterion] : "–"}</Td>
                <Td className="text-xs">
                  <p>{j.reason}</p>
                  {j.evidence.map((e) => (
                    <p key={`${e.message}:${e.quote}`} className="text-fg-muted">
                      <a className="text-accent underline" href={`#m-${e.message}`}>
                        #{e.message}
                      </a>{" "}
                      “{e.quote}”
                    </p>
                  ))}
                  {j.rawAnswer ? (
                    <details>
                      <summary className="cursor-pointer text-fg-muted">
                        Raw answer (could not be read)
                      </summary>
                      <pre className="max-h-60 overflow-auto whitespace-pre-wrap">{j.rawAnswer}</pre>
                    </details>
                  ) : null}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
