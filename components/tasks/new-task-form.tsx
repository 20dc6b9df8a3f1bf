"use client";

import { useState } from "react";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createTask } from "@/lib/tasks/actions";
import { cn } from "@/lib/utils";

export type TemplateChoice = {
  id: string;
  name: string;
  summary: string;
  designNotes: string;
  family: string;
  key: string;
  title: string;
};

/** Pick a worked template (or a blank task), then name the task. */
export function NewTaskForm({
  environment,
  templates,
}: {
  environment: string;
  templates: TemplateChoice[];
}) {
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? "");
  const template = templates.find((t) => t.id === templateId) ?? null;
  return (
    <ActionForm action={createTask} label="New task" className="flex flex-col gap-6">
      {(isPending) => (
        <>
          <input type="hidden" name="environment" value={environment} />
          <fieldset>
            <legend className="mb-3 text-sm font-medium">Start from</legend>
            <div className="grid gap-3 md:grid-cols-2">
              {[...templates, null].map((t) => {
                const id = t?.id ?? "";
                const isChosen = templateId === id;
                return (
                  <label
                    key={id || "blank"}
                    className={cn(
                      "flex cursor-pointer flex-col gap-1 rounded-lg border bg-surface p-4 text-sm",
                      isChosen ? "border-accent ring-1 ring-accent" : "border-border hover:border-fg-muted",
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="template"
                        value={id}
                        checked={isChosen}
                        onChange={() => setTemplateId(id)}
                      />
                      <span className="font-semibold">{t ? t.name : "Blank task"}</span>
                    </span>
                    {t ? (
                      <span className="text-xs uppercase tracking-wide text-fg-muted">{t.family}</span>
                    ) : null}
                    <span className="text-fg-muted">
                      {t
                        ? t.summary
                        : "An empty prompt, answer key and rubric. The coverage panel guides you as you write."}
                    </span>
                    {t && isChosen ? (
                      <span className="mt-1 text-xs text-fg-muted">
                        Why it is hard to game: {t.designNotes}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-end gap-3" key={templateId}>
            <Field
              label="Task key"
              htmlFor="task-key"
              hint="Rollouts link to the task by this key. It can't change later."
            >
              <Input
                id="task-key"
                name="key"
                required
                defaultValue={template?.key ?? ""}
                className="w-64 font-mono"
              />
            </Field>
            <Field label="Task title" htmlFor="task-title">
              <Input
                id="task-title"
                name="title"
                required
                defaultValue={template?.title ?? ""}
                className="w-96"
              />
            </Field>
            <Button type="submit" disabled={isPending}>
              {isPending ? "Creating…" : "Create task"}
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}
