"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { LazyCodeEditor } from "@/components/editor/lazy-code-editor";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { saveSharedRubric } from "@/lib/rubrics/actions";
import type { RubricDetail } from "@/lib/rubrics/queries";
import { type Criterion, createBlankCriterion, type GoldenExample } from "@/lib/rubrics/schemas";
import { CriterionEditor } from "./criterion-editor";
import { GoldenExamplesEditor } from "./golden-examples-editor";
import { useRowKeys } from "./use-row-keys";

type Draft = {
  title: string;
  description: string;
  judgeTemplate: string;
  criteria: Criterion[];
  goldenExamples: GoldenExample[];
};

/** Edits a rubric an environment shares: its criteria, judge instructions and golden examples. */
export function SharedRubricEditor({ rubric, canWrite }: { rubric: RubricDetail; canWrite: boolean }) {
  const router = useRouter();
  const isReadOnly = !canWrite || rubric.archivedAt !== null;
  const [draft, setDraft] = useState<Draft>({
    title: rubric.title,
    description: rubric.description,
    judgeTemplate: rubric.judgeTemplate,
    criteria: rubric.criteria,
    goldenExamples: rubric.goldenExamples ?? [],
  });
  const [revision, setRevision] = useState(rubric.revision);
  const [error, setError] = useState<{ message: string; fieldErrors: Record<string, string[]> } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const rows = useRowKeys(draft.criteria.length);
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function handleSave() {
    setIsSaving(true);
    const { goldenExamples, ...rest } = draft;
    const patch = { ...rest, ...(rubric.canReadAnswerKeys ? { goldenExamples } : {}), revision };
    const result = await saveSharedRubric({ rubricId: rubric.id, patch });
    setIsSaving(false);
    if (!result.ok) {
      setStatus(null);
      return setError({ message: result.error.message, fieldErrors: result.error.fieldErrors ?? {} });
    }
    setError(null);
    setRevision(result.data.revision);
    setStatus(`Saved as revision ${result.data.revision}.`);
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-6">
      {error ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
          Not saved: {error.message} Your edits are still here.
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Rubric title" htmlFor="rubric-title" error={error?.fieldErrors.title?.[0]}>
          <Input
            id="rubric-title"
            value={draft.title}
            readOnly={isReadOnly}
            onChange={(e) => update({ title: e.target.value })}
          />
        </Field>
        <Field label="What it is for" htmlFor="rubric-description">
          <Input
            id="rubric-description"
            value={draft.description}
            readOnly={isReadOnly}
            onChange={(e) => update({ description: e.target.value })}
          />
        </Field>
      </div>
      <section className="flex flex-col gap-3" aria-label="Criteria">
        <h3 className="text-sm font-semibold">Criteria ({draft.criteria.length})</h3>
        <ol className="flex flex-col gap-3">
          {draft.criteria.map((criterion, index) => (
            <CriterionEditor
              key={rows.keys[index]}
              index={index}
              criterion={criterion}
              requirements={[]}
              isReadOnly={isReadOnly}
              errors={(field) => error?.fieldErrors[`criteria.${index}.${field}`]?.[0]}
              onChange={(next) =>
                update({ criteria: draft.criteria.map((c, i) => (i === index ? next : c)) })
              }
              onRemove={() => {
                rows.remove(index);
                update({ criteria: draft.criteria.filter((_, i) => i !== index) });
              }}
            />
          ))}
        </ol>
        {isReadOnly ? null : (
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                update({
                  criteria: [...draft.criteria, createBlankCriterion(draft.criteria, "shared")],
                })
              }
            >
              Add criterion
            </Button>
          </div>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-label="Judge instructions">
        <h3 className="text-sm font-semibold">Judge instructions</h3>
        <LazyCodeEditor
          value={draft.judgeTemplate}
          onChange={(judgeTemplate) => update({ judgeTemplate })}
          ariaLabel="Judge instructions"
          height={260}
          isReadOnly={isReadOnly}
        />
      </section>
      {rubric.canReadAnswerKeys ? (
        <section className="flex flex-col gap-3" aria-label="Golden examples">
          <h3 className="text-sm font-semibold">Golden examples ({draft.goldenExamples.length})</h3>
          <GoldenExamplesEditor
            examples={draft.goldenExamples}
            criteria={draft.criteria}
            isReadOnly={isReadOnly}
            onChange={(goldenExamples) => update({ goldenExamples })}
          />
        </section>
      ) : null}
      {isReadOnly ? null : (
        <div className="flex items-center gap-3">
          <Button onClick={() => void handleSave()} disabled={isSaving}>
            {isSaving ? "Saving…" : "Save rubric"}
          </Button>
          {status ? (
            <span role="status" className="text-sm text-success">
              {status}
            </span>
          ) : null}
        </div>
      )}
    </div>
  );
}
