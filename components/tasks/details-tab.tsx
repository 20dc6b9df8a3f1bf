"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import { DIFFICULTIES } from "@/lib/tasks/schemas";
import type { BestKnownScore } from "@/lib/tasks/task-detail";
import { BestScoreForm } from "./best-score-form";

const toNumberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));
const TEXTAREA = "w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg";

/** Tags, difficulty, budgets, give-up and scoring. */
export function DetailsTab({
  taskId,
  draft,
  isReadOnly,
  fieldErrors,
  bestKnownScore,
  onChange,
}: {
  taskId: string;
  draft: VisibleContent;
  isReadOnly: boolean;
  fieldErrors: Record<string, string[]>;
  bestKnownScore: BestKnownScore;
  onChange: (patch: Partial<VisibleContent>) => void;
}) {
  const error = (key: string) => fieldErrors[key]?.[0];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Field label="Tags" htmlFor="task-tags" hint="Comma-separated" error={error("tags")}>
        <Input
          id="task-tags"
          key={draft.tags.join(",")}
          readOnly={isReadOnly}
          defaultValue={draft.tags.join(", ")}
          onBlur={(e) =>
            onChange({
              tags: [
                ...new Set(
                  e.target.value
                    .split(",")
                    .map((t) => t.trim())
                    .filter(Boolean),
                ),
              ],
            })
          }
        />
      </Field>
      <Field label="Estimated difficulty" htmlFor="task-difficulty">
        <Select
          id="task-difficulty"
          disabled={isReadOnly}
          value={draft.difficulty ?? ""}
          onChange={(e) => onChange({ difficulty: (e.target.value || null) as VisibleContent["difficulty"] })}
        >
          <option value="">Not set</option>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Time budget (minutes)" htmlFor="task-time" error={error("timeBudgetMinutes")}>
        <Input
          id="task-time"
          type="number"
          min={1}
          readOnly={isReadOnly}
          value={draft.timeBudgetMinutes ?? ""}
          onChange={(e) => onChange({ timeBudgetMinutes: toNumberOrNull(e.target.value) })}
        />
      </Field>
      <Field label="Turn budget" htmlFor="task-turns" error={error("turnBudget")}>
        <Input
          id="task-turns"
          type="number"
          min={1}
          readOnly={isReadOnly}
          value={draft.turnBudget ?? ""}
          onChange={(e) => onChange({ turnBudget: toNumberOrNull(e.target.value) })}
        />
      </Field>
      <fieldset className="flex flex-col gap-3 md:col-span-2">
        <legend className="mb-2 text-sm font-medium">Giving up</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            disabled={isReadOnly}
            checked={draft.giveUp.allowed}
            onChange={(e) => onChange({ giveUp: { ...draft.giveUp, allowed: e.target.checked } })}
          />
          The agent may give up
        </label>
        <Field
          label="What the agent reads about giving up"
          htmlFor="task-give-up"
          error={error("giveUp.instructions")}
          hint="Shown to the agent only when giving up is allowed. Add a give-up criterion that says how a give-up is graded."
        >
          <textarea
            id="task-give-up"
            rows={3}
            readOnly={isReadOnly}
            value={draft.giveUp.instructions}
            onChange={(e) => onChange({ giveUp: { ...draft.giveUp, instructions: e.target.value } })}
            className={TEXTAREA}
          />
        </Field>
      </fieldset>
      <fieldset className="flex flex-col gap-3 md:col-span-2">
        <legend className="mb-2 text-sm font-medium">Scoring</legend>
        <div className="flex flex-wrap items-end gap-4">
          <Field label="Mode" htmlFor="task-scoring-mode">
            <Select
              id="task-scoring-mode"
              disabled={isReadOnly}
              value={draft.scoring.mode}
              onChange={(e) => {
                const mode = e.target.value as VisibleContent["scoring"]["mode"];
                onChange({
                  scoring: {
                    mode,
                    threshold: mode === "threshold" ? (draft.scoring.threshold ?? 0.5) : null,
                  },
                });
              }}
            >
              <option value="threshold">Pass/fail at a threshold</option>
              <option value="continuous">Continuous, 0 to 1</option>
              <option value="improvement">Improvement over the best known score</option>
            </Select>
          </Field>
          {draft.scoring.mode === "threshold" ? (
            <Field
              label="Pass threshold (0 to 1)"
              htmlFor="task-threshold"
              error={error("scoring.threshold")}
            >
              <Input
                id="task-threshold"
                type="number"
                min={0}
                max={1}
                step={0.05}
                readOnly={isReadOnly}
                value={draft.scoring.threshold ?? ""}
                onChange={(e) =>
                  onChange({ scoring: { ...draft.scoring, threshold: toNumberOrNull(e.target.value) } })
                }
                className="w-32"
              />
            </Field>
          ) : null}
        </div>
        {draft.scoring.mode === "improvement" ? (
          <BestScoreForm taskId={taskId} best={bestKnownScore} isReadOnly={isReadOnly} />
        ) : null}
      </fieldset>
    </div>
  );
}
