import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatDateTime } from "@/lib/rollouts/format";

export type RolloutFacets = {
  models: string[];
  environments: { slug: string; name: string }[];
  runs: { id: string; source: string; createdAt: Date }[];
  /** Scanner signatures (lib/scanners/catalog.ts), for the "Signature" filter. */
  signatures: { id: string; title: string }[];
};

/**
 * The fields of the rollout filter that the Rollouts list and a review queue's selection share.
 * `namePrefix` scopes the form field names (the queue form nests them under `filter.`).
 */
export function RolloutFilterFields({
  filter,
  facets,
  idPrefix,
  namePrefix = "",
}: {
  filter: Partial<Record<string, string>>;
  facets: RolloutFacets;
  idPrefix: string;
  namePrefix?: string;
}) {
  const id = (key: string) => `${idPrefix}-${key}`;
  const name = (key: string) => `${namePrefix}${key}`;
  return (
    <>
      <Field label="Environment" htmlFor={id("environment")}>
        <Select id={id("environment")} name={name("environment")} defaultValue={filter.environment ?? ""}>
          <option value="">Any</option>
          {facets.environments.map((e) => (
            <option key={e.slug} value={e.slug}>
              {e.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Task key" htmlFor={id("task")}>
        <Input id={id("task")} name={name("task")} defaultValue={filter.task ?? ""} placeholder="Any" />
      </Field>
      <Field label="Model" htmlFor={id("model")}>
        <Select id={id("model")} name={name("model")} defaultValue={filter.model ?? ""}>
          <option value="">Any</option>
          {facets.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Run" htmlFor={id("run")}>
        <Select id={id("run")} name={name("run")} defaultValue={filter.run ?? ""}>
          <option value="">Any</option>
          {facets.runs.map((r) => (
            <option key={r.id} value={r.id}>
              {r.source.slice(0, 60)} · {formatDateTime(r.createdAt)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Step" htmlFor={id("step")}>
        <Input
          id={id("step")}
          name={name("step")}
          type="number"
          min={0}
          step={1}
          defaultValue={filter.step ?? ""}
          placeholder="Any"
        />
      </Field>
      <Field label="Min reward" htmlFor={id("min")}>
        <Input
          id={id("min")}
          name={name("minReward")}
          type="number"
          step="any"
          defaultValue={filter.minReward ?? ""}
        />
      </Field>
      <Field label="Max reward" htmlFor={id("max")}>
        <Input
          id={id("max")}
          name={name("maxReward")}
          type="number"
          step="any"
          defaultValue={filter.maxReward ?? ""}
        />
      </Field>
      <Field label="Label status" htmlFor={id("label")}>
        <Select id={id("label")} name={name("label")} defaultValue={filter.label ?? ""}>
          <option value="">Any</option>
          <option value="unlabeled">Unlabelled</option>
          <option value="labeled">Labelled</option>
        </Select>
      </Field>
      <Field label="Scanner flags" htmlFor={id("flagged")}>
        <Select id={id("flagged")} name={name("flagged")} defaultValue={filter.flagged ?? ""}>
          <option value="">Any</option>
          <option value="true">Flagged</option>
          <option value="disputed">Disputed by the LLM scanner</option>
          <option value="false">Not flagged</option>
        </Select>
      </Field>
      <Field label="Signature" htmlFor={id("signature")}>
        <Select id={id("signature")} name={name("signature")} defaultValue={filter.signature ?? ""}>
          <option value="">Any</option>
          {facets.signatures.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
