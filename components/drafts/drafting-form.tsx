"use client";

import { useState } from "react";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { startDrafting } from "@/lib/drafts/actions";

type Choice = { id: string; name: string };
type Mode = "grounded" | "flaw" | "variant";

const FLAW_KINDS = [
  ["wrong-number", "A wrong number"],
  ["reversed-conclusion", "A reversed conclusion"],
  ["missing-control", "A missing control"],
] as const;

const GOALS = [
  ["harden", "Harden (saturated: remove the easy path)"],
  ["split", "Split (no signal: smaller tasks)"],
  ["add-context", "Add context (no signal)"],
] as const;

/** Starts a "Draft tasks" job: grounded drafts, planted flaws, or variants of a task. */
export function DraftingForm({
  environment,
  environmentId,
  documents,
  providers,
  tasks,
  initial,
}: {
  environment: string;
  environmentId: string;
  documents: Choice[];
  providers: Choice[];
  tasks: Choice[];
  initial: { mode: Mode; taskId?: string; goal?: string };
}) {
  const [mode, setMode] = useState<Mode>(initial.mode);
  const needsDocument = mode !== "variant";
  return (
    <ActionForm
      action={startDrafting}
      label="Draft tasks"
      className="flex flex-col gap-4"
      renderSuccess={() => (
        <p role="status" className="text-sm text-success">
          Drafting started: drafts appear below as they are written.
        </p>
      )}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="environment" value={environment} />
          <input type="hidden" name="environmentId" value={environmentId} />
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-2 font-medium">Draft</legend>
            {(
              [
                ["grounded", "Grounded questions from a document (needs a provider)"],
                ["flaw", "Find a planted flaw in a document's passage"],
                ["variant", "Variants of a task"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            {needsDocument ? (
              <Field label="Document" htmlFor="draft-document">
                <Select id="draft-document" name="documentId" required>
                  {documents.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <>
                <Field label="Task" htmlFor="draft-task">
                  <Select id="draft-task" name="taskId" defaultValue={initial.taskId} required>
                    {tasks.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Goal" htmlFor="draft-goal">
                  <Select id="draft-goal" name="goal" defaultValue={initial.goal ?? "harden"}>
                    {GOALS.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Select>
                </Field>
              </>
            )}
            {mode === "flaw" ? (
              <Field label="Flaw to plant" htmlFor="draft-flaw">
                <Select id="draft-flaw" name="flawKind">
                  {FLAW_KINDS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <>
                <Field label="Provider" htmlFor="draft-provider">
                  <Select id="draft-provider" name="providerId" required={mode === "grounded"}>
                    {mode === "variant" ? <option value="">None (a copy to edit)</option> : null}
                    {providers.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Cost cap (USD)" htmlFor="draft-cap">
                  <Input
                    id="draft-cap"
                    name="maxCostUsd"
                    type="number"
                    min={0}
                    max={100}
                    step="0.01"
                    defaultValue="1"
                    className="w-28"
                  />
                </Field>
              </>
            )}
            <Field label="How many" htmlFor="draft-count">
              <Input
                id="draft-count"
                name="count"
                type="number"
                min={1}
                max={20}
                defaultValue="2"
                className="w-20"
              />
            </Field>
            <Button type="submit" disabled={isPending || (needsDocument && documents.length === 0)}>
              {isPending ? "Starting…" : "Start drafting"}
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}
