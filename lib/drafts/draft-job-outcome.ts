// Why a finished drafting job drafted fewer tasks than it was asked for, in words for the drafts
// page. The job's result says it: a planted-flaw job's note (no more passages can take the flaw),
// a grounded job's stopping reason and the facts it dropped. Null when nothing needs saying.

type DraftJobLike = {
  status: string;
  done: number;
  total: number | null;
  result: unknown;
};

const STOPPED_BY: Record<string, string> = {
  "cost cap": "it reached its cost cap",
  "document read": "the whole document was read and gave no more drafts that cite it",
};

function readResult(result: unknown): { note?: string; stoppedBy?: string; dropped?: number } {
  if (!result || typeof result !== "object") return {};
  const r = result as Record<string, unknown>;
  return {
    note: typeof r.note === "string" && r.note ? r.note : undefined,
    stoppedBy: typeof r.stoppedBy === "string" ? r.stoppedBy : undefined,
    dropped: typeof r.dropped === "number" ? r.dropped : undefined,
  };
}

export function describeDraftJobShortfall(job: DraftJobLike): string | null {
  if (job.status !== "succeeded" || job.total === null || job.done >= job.total) return null;
  const { note, stoppedBy, dropped } = readResult(job.result);
  const asked = `${job.done} of the ${job.total} asked for`;
  if (note) return `Only ${asked}: ${note}.`;
  const why = stoppedBy ? STOPPED_BY[stoppedBy] : undefined;
  if (why) {
    const facts = dropped
      ? ` (${dropped} proposed fact${dropped === 1 ? " was" : "s were"} dropped as unsupported)`
      : "";
    return `Only ${asked}: ${why}${facts}.`;
  }
  return `Only ${asked}; the job gave no reason.`;
}
