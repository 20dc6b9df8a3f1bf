"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createSharedRubric } from "@/lib/rubrics/actions";

export function CreateRubricForm({ slug }: { slug: string }) {
  return (
    <ActionForm
      action={createSharedRubric}
      label="Create shared rubric"
      className="flex flex-wrap items-end gap-3"
    >
      {(isPending) => (
        <>
          <input type="hidden" name="environment" value={slug} />
          <Field label="Rubric title" htmlFor="rubric-title">
            <Input
              id="rubric-title"
              name="title"
              required
              className="w-64"
              placeholder="e.g. Research writing quality"
            />
          </Field>
          <Field label="What it is for" htmlFor="rubric-description">
            <Input id="rubric-description" name="description" className="w-80" />
          </Field>
          <Button type="submit" variant="secondary" disabled={isPending}>
            Create shared rubric
          </Button>
        </>
      )}
    </ActionForm>
  );
}
