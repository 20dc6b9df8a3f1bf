"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/rollouts/format";
import { recordBestScore } from "@/lib/tasks/actions";
import type { BestKnownScore } from "@/lib/tasks/task-detail";

/** The best score known for an improvement-scored task, and a form to record a new one. */
export function BestScoreForm({
  taskId,
  best,
  isReadOnly,
}: {
  taskId: string;
  best: BestKnownScore;
  isReadOnly: boolean;
}) {
  const [current, setCurrent] = useState(best);
  const [score, setScore] = useState("");
  const [achievedBy, setAchievedBy] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit() {
    setIsBusy(true);
    const result = await recordBestScore({ taskId, score: Number(score), achievedBy });
    setIsBusy(false);
    if (!result.ok) return setError(result.error.message);
    setError(null);
    setCurrent({ score: result.data.score, achievedBy: result.data.achievedBy, at: result.data.at });
    setScore("");
    setAchievedBy("");
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm">
      <p>
        {current
          ? `Best known score: ${current.score} by ${current.achievedBy}, recorded ${formatDateTime(current.at)}. Rollouts score by how far they improve on it, so the task never saturates.`
          : "No best known score yet. Record one (a model's run, an expert's answer) so rollouts are scored by improvement over it."}
      </p>
      {isReadOnly ? null : (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Record best known score"
          onSubmit={(event) => {
            event.preventDefault();
            void handleSubmit();
          }}
        >
          <Field label="New best score (0 to 1)" htmlFor="best-score">
            <Input
              id="best-score"
              type="number"
              min={0}
              max={1}
              step={0.01}
              required
              value={score}
              onChange={(e) => setScore(e.target.value)}
              className="w-32"
            />
          </Field>
          <Field label="Reached by" htmlFor="best-by">
            <Input
              id="best-by"
              required
              value={achievedBy}
              onChange={(e) => setAchievedBy(e.target.value)}
              placeholder="model, run or person"
              className="w-64"
            />
          </Field>
          <Button type="submit" variant="secondary" size="sm" disabled={isBusy}>
            Record best score
          </Button>
          {error ? (
            <p role="alert" className="basis-full text-xs text-danger">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}
