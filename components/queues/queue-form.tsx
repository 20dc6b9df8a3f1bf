"use client";

import { useActionState, useState } from "react";
import { type RolloutFacets, RolloutFilterFields } from "@/components/rollouts/rollout-filter-fields";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createQueue } from "@/lib/queues/actions";
import { SAMPLING_NAMES } from "@/lib/queues/schemas";
import { QUEUE_SAMPLINGS, type QueueSampling } from "@/lib/values/review-values";

type Member = { id: string; name: string; email: string; role: string };

/** A new queue: which rollouts (a Rollouts filter), how they are sampled, who reviews, how many per item. */
export function QueueForm({
  facets,
  members,
  filter,
}: {
  facets: RolloutFacets;
  members: Member[];
  filter: Record<string, string>;
}) {
  const [state, action, isPending] = useActionState(createQueue, null);
  const [sampling, setSampling] = useState<QueueSampling>("all");
  const error = state && !state.ok ? state.error : null;
  return (
    <form action={action} aria-label="New queue" className="flex max-w-3xl flex-col gap-5">
      <Field label="Name" htmlFor="q-name" error={error?.fieldErrors?.name?.[0]}>
        <Input id="q-name" name="name" required maxLength={200} />
      </Field>
      <Field label="Description" htmlFor="q-description">
        <Input id="q-description" name="description" maxLength={5000} />
      </Field>
      <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-border p-4 md:grid-cols-3">
        <legend className="px-1 text-sm font-medium">Rollouts (the Rollouts list's filter)</legend>
        <RolloutFilterFields filter={filter} facets={facets} idPrefix="q" namePrefix="filter." />
        <Field label="Search messages" htmlFor="q-q">
          <Input id="q-q" name="filter.q" defaultValue={filter.q ?? ""} />
        </Field>
        {["toolErrors", "from", "to"].map((key) =>
          filter[key] ? <input key={key} type="hidden" name={`filter.${key}`} value={filter[key]} /> : null,
        )}
      </fieldset>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Field label="Sampling" htmlFor="q-sampling">
          <Select
            id="q-sampling"
            name="sampling"
            value={sampling}
            onChange={(event) => setSampling(event.target.value as QueueSampling)}
          >
            {QUEUE_SAMPLINGS.map((s) => (
              <option key={s} value={s}>
                {SAMPLING_NAMES[s]}
              </option>
            ))}
          </Select>
        </Field>
        {sampling === "judge-disagreements" ? (
          <p className="self-end text-xs text-fg-muted md:col-span-2">
            Only judged rollouts where a judge's panel split on a criterion, or the judge's verdict
            contradicts the reward (widest split first). New ones join after every judging job.
          </p>
        ) : null}
        {sampling === "random-audit" ? (
          <Field label="Sample (%)" htmlFor="q-percent" error={error?.fieldErrors?.samplePercent?.[0]}>
            <Input
              id="q-percent"
              name="samplePercent"
              type="number"
              min={1}
              max={100}
              defaultValue={10}
              required
            />
          </Field>
        ) : null}
        <Field label="Reviewers per item" htmlFor="q-overlap" hint="k: how many reviewers label each rollout">
          <Input id="q-overlap" name="overlap" type="number" min={1} max={10} defaultValue={2} required />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isBlind" defaultChecked className="accent-accent" />
        Blind review: reviewers see no one else's label on an item until they submit theirs
      </label>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Reviewers (none ticked: anyone who may review)</legend>
        {members.map((m) => (
          <label key={m.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="reviewerIds" value={m.id} className="accent-accent" />
            {m.name || m.email}{" "}
            <span className="text-xs text-fg-muted">
              {m.email} · {m.role}
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isPending} className="self-start">
        {isPending ? "Creating…" : "Create queue"}
      </Button>
    </form>
  );
}
