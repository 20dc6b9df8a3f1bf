import type { VisibleContent } from "./hidden-material";

// A task as one readable document, section by section: what the revision diff (Monaco) compares.
// Stable order and formatting, so two revisions differ only where the task did.

const SCORING_LABELS = {
  threshold: "pass/fail at a threshold",
  continuous: "continuous 0 to 1",
  improvement: "improvement over the best known score",
};

function formatBytes(size: number | undefined): string {
  if (size === undefined) return "size unknown";
  return size < 1024
    ? `${size} B`
    : size < 1024 * 1024
      ? `${(size / 1024).toFixed(1)} KB`
      : `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export function formatTaskAsText(content: VisibleContent, { isHiddenRedacted = false } = {}): string {
  const out: string[] = [];
  const section = (title: string, body: string) => out.push(`# ${title}`, body.trimEnd(), "");
  section("Title", content.title);
  section("Prompt", content.prompt);
  const budget = (n: number | null, unit: string) => (n === null ? "none" : `${n} ${unit}`);
  section(
    "Details",
    [
      `Tags: ${content.tags.join(", ") || "none"}`,
      `Difficulty: ${content.difficulty ?? "not set"}`,
      `Time budget: ${budget(content.timeBudgetMinutes, "minutes")}`,
      `Turn budget: ${budget(content.turnBudget, "turns")}`,
      `Give-up: ${content.giveUp.allowed ? "allowed" : "not allowed"}`,
      `Scoring: ${SCORING_LABELS[content.scoring.mode]}${content.scoring.mode === "threshold" ? ` (${content.scoring.threshold})` : ""}`,
    ].join("\n"),
  );
  if (content.giveUp.allowed || content.giveUp.instructions)
    section("Give-up wording", content.giveUp.instructions);
  for (const r of content.resources) {
    section(
      `Resource: ${r.name}`,
      r.kind === "document"
        ? `(${r.mediaType})\n${r.content}`
        : `(file, ${r.mediaType}, ${formatBytes(r.size)}, sha256 ${r.sha256 ?? "?"})`,
    );
  }
  section("Answer key", isHiddenRedacted ? "[hidden from your role]" : content.answerKey);
  for (const s of content.referenceSolutions)
    section(`Reference solution: ${s.title} (${s.language})`, s.content);
  section("Rubric", `Shared rubric: ${content.sharedRubricId ?? "none"}`);
  if (content.judgeTemplate) section("Judge template", content.judgeTemplate);
  for (const c of content.criteria) {
    const scale = c.type === "scale" ? `scale 0 to ${c.scaleMax}` : "binary";
    const lines = [
      `Weight ${c.weight}, ${scale}${c.isGiveUp ? ", grades give-ups" : ""}`,
      `Checks requirements: ${c.requirements.join(", ") || "none"}`,
      c.description,
    ];
    for (const e of c.passExamples) lines.push(`Pass example: ${e}`);
    for (const e of c.failExamples) lines.push(`Fail example: ${e}`);
    section(`Criterion [${c.key}] ${c.title}`, lines.join("\n"));
  }
  content.goldenExamples.forEach((g, i) => {
    const scores = Object.entries(g.criterionScores)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ");
    section(
      `Golden example ${i + 1}${g.title ? `: ${g.title}` : ""}`,
      [
        `Grade ${g.grade}${g.gradedBy ? ` by ${g.gradedBy}` : ""}${scores ? ` (${scores})` : ""}`,
        g.rationale,
        "---",
        g.response,
      ].join("\n"),
    );
  });
  for (const c of content.checks) {
    const config =
      c.config === null ? "[expected values hidden from your role]" : JSON.stringify(c.config, null, 2);
    section(
      `Check [${c.key}] ${c.kind}`,
      [
        `Weight ${c.weight}`,
        `Checks requirements: ${c.requirements.join(", ") || "none"}`,
        c.description,
        config,
      ].join("\n"),
    );
  }
  for (const s of content.testScripts) section(`Test script: ${s.filename} (${s.language})`, s.content);
  const { marked, unmarked } = content.overrides;
  if (marked.length || unmarked.length) {
    section(
      "Requirement overrides",
      [
        `Marked: ${marked.map((m) => `${m.start}-${m.end}`).join(", ") || "none"}`,
        `Unmarked: ${unmarked.join(", ") || "none"}`,
      ].join("\n"),
    );
  }
  return out.join("\n");
}
