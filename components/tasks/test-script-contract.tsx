import { REFERENCE_SOLUTION_RULE, TEST_SCRIPT_CONTRACT } from "@/lib/exports/test-script-contract";

/** The one contract every test script runs under (validation and every export), shown beside the scripts. */
export function TestScriptContract() {
  return (
    <details className="rounded-md border border-border p-3 text-xs" open>
      <summary className="cursor-pointer font-medium">
        How test scripts run (the same in every export)
      </summary>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5">
        {TEST_SCRIPT_CONTRACT.map(({ title, text }) => (
          <div key={title} className="contents">
            <dt className="font-medium text-fg">{title}</dt>
            <dd className="text-fg-muted">{text.replaceAll("`", "")}</dd>
          </div>
        ))}
        <dt className="font-medium text-fg">Reference solution</dt>
        <dd className="text-fg-muted">{REFERENCE_SOLUTION_RULE.replaceAll("`", "")}</dd>
      </dl>
    </details>
  );
}
