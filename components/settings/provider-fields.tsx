import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ProviderSummary } from "@/lib/providers/provider-summary";

/** The inputs of a provider form; `idPrefix` keeps ids unique when several forms share a page. */
export function ProviderFields({ idPrefix, provider }: { idPrefix: string; provider?: ProviderSummary }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Provider name" htmlFor={id("name")}>
        <Input id={id("name")} name="name" required defaultValue={provider?.name} placeholder="openai-mini" />
      </Field>
      <Field
        label="Kind"
        htmlFor={id("kind")}
        hint="OpenAI-compatible covers vLLM, Ollama, llama.cpp, OpenRouter."
      >
        <Select id={id("kind")} name="kind" defaultValue={provider?.kind ?? "openai"}>
          <option value="openai">OpenAI-compatible (chat completions)</option>
          <option value="anthropic">Anthropic (Messages)</option>
        </Select>
      </Field>
      <Field label="Base URL" htmlFor={id("baseUrl")} hint="Blank: the vendor's own endpoint.">
        <Input
          id={id("baseUrl")}
          name="baseUrl"
          defaultValue={provider?.baseUrl}
          required={provider !== undefined}
          placeholder="https://api.openai.com/v1"
        />
      </Field>
      <Field label="Model" htmlFor={id("model")}>
        <Input
          id={id("model")}
          name="model"
          required
          defaultValue={provider?.model}
          placeholder="gpt-4.1-mini"
        />
      </Field>
      <Field
        label="API key"
        htmlFor={id("apiKey")}
        hint={
          provider?.hasApiKey ? "A key is stored. Blank keeps it." : "Stored encrypted; never shown again."
        }
      >
        <Input id={id("apiKey")} name="apiKey" type="password" autoComplete="off" />
      </Field>
      <Field label="Concurrency" htmlFor={id("concurrency")} hint="Requests in flight at once.">
        <Input
          id={id("concurrency")}
          name="concurrency"
          type="number"
          min={1}
          max={256}
          defaultValue={provider?.concurrency ?? 4}
        />
      </Field>
      <Field label="Requests per minute" htmlFor={id("rpm")} hint="Blank: no limit.">
        <Input
          id={id("rpm")}
          name="requestsPerMinute"
          type="number"
          min={1}
          defaultValue={provider?.requestsPerMinute ?? ""}
        />
      </Field>
      <Field label="Timeout (seconds)" htmlFor={id("timeout")}>
        <Input
          id={id("timeout")}
          name="timeoutSeconds"
          type="number"
          min={1}
          max={3600}
          defaultValue={provider?.timeoutSeconds ?? 120}
        />
      </Field>
      <Field label="Input price ($ per million tokens)" htmlFor={id("inPrice")}>
        <Input
          id={id("inPrice")}
          name="inputPricePerMillion"
          type="number"
          min={0}
          step="any"
          defaultValue={provider?.inputPricePerMillion ?? 0}
        />
      </Field>
      <Field label="Output price ($ per million tokens)" htmlFor={id("outPrice")}>
        <Input
          id={id("outPrice")}
          name="outputPricePerMillion"
          type="number"
          min={0}
          step="any"
          defaultValue={provider?.outputPricePerMillion ?? 0}
        />
      </Field>
    </div>
  );
}
