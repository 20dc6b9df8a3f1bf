import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

/**
 * The provider picker and sampling settings that every model-backed form shares (judges, the LLM
 * scanner). Renders three fields for the caller's grid; ids are `${idPrefix}-provider` and so on.
 */
export function ModelSamplingFields({
  idPrefix,
  providers,
  defaultMaxTokens,
}: {
  idPrefix: string;
  providers: { name: string; model: string }[];
  defaultMaxTokens: number;
}) {
  return (
    <>
      <Field label="Provider" htmlFor={`${idPrefix}-provider`}>
        <Select id={`${idPrefix}-provider`} name="provider" required>
          {providers.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name} ({p.model})
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Temperature" htmlFor={`${idPrefix}-temperature`}>
        <Input
          id={`${idPrefix}-temperature`}
          name="temperature"
          type="number"
          min={0}
          max={2}
          step="0.1"
          defaultValue={0}
        />
      </Field>
      <Field label="Max tokens" htmlFor={`${idPrefix}-max-tokens`}>
        <Input
          id={`${idPrefix}-max-tokens`}
          name="maxTokens"
          type="number"
          min={64}
          max={32000}
          defaultValue={defaultMaxTokens}
        />
      </Field>
    </>
  );
}
