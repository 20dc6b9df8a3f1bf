"use client";

import { useState } from "react";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createEnvironment } from "@/lib/environments/actions";

/** "AI-safety research" → "ai-safety-research". */
function toSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
}

export function CreateEnvironmentForm() {
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const shownSlug = isSlugEdited ? slug : toSlug(name);
  return (
    <ActionForm action={createEnvironment} label="Create environment" className="grid gap-4 md:grid-cols-2">
      {(isPending) => (
        <>
          <Field label="Name" htmlFor="environment-name">
            <Input
              id="environment-name"
              name="name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field
            label="Slug"
            htmlFor="environment-slug"
            hint="In URLs, the API and rollout imports. It can't change later."
          >
            <Input
              id="environment-slug"
              name="slug"
              required
              value={shownSlug}
              onChange={(e) => {
                setIsSlugEdited(true);
                setSlug(e.target.value);
              }}
              pattern="[a-z0-9](?:[a-z0-9\-]{0,62}[a-z0-9])?"
            />
          </Field>
          <Field label="Domain" htmlFor="environment-domain" hint="e.g. AI safety research, AI governance">
            <Input id="environment-domain" name="domain" />
          </Field>
          <Field label="Tags" htmlFor="environment-tags" hint="Comma-separated">
            <Input id="environment-tags" name="tags" />
          </Field>
          <div className="md:col-span-2">
            <Field label="Description" htmlFor="environment-description">
              <textarea
                id="environment-description"
                name="description"
                rows={3}
                className="w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg"
              />
            </Field>
          </div>
          <div className="md:col-span-2">
            <Button type="submit" disabled={isPending}>
              {isPending ? "Creating…" : "Create environment"}
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}
