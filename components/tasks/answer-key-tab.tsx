"use client";

import { LazyCodeEditor } from "@/components/editor/lazy-code-editor";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import { useRowKeys } from "./use-row-keys";

type Solution = VisibleContent["referenceSolutions"][number];

const EDITOR_LANGUAGE = (language: string) =>
  language === "python"
    ? "python"
    : language === "bash" || language === "shell"
      ? "shell"
      : language === "markdown"
        ? "markdown"
        : "plaintext";

/** The hidden answer key and reference solutions: never shown to the agent, nor to roles denied them. */
export function AnswerKeyTab({
  draft,
  canRead,
  isReadOnly,
  onChange,
}: {
  draft: VisibleContent;
  canRead: boolean;
  isReadOnly: boolean;
  onChange: (patch: Partial<VisibleContent>) => void;
}) {
  const rows = useRowKeys(draft.referenceSolutions.length);
  if (!canRead) {
    return (
      <p className="rounded-md border border-dashed border-border p-6 text-sm text-fg-muted">
        The answer key, reference solutions and check expectations of this environment are hidden from your
        role.
      </p>
    );
  }
  const solutions = draft.referenceSolutions;
  const setSolutions = (next: Solution[]) => onChange({ referenceSolutions: next });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">Answer key</h3>
        <p className="text-xs text-fg-muted">
          What the judge grades against. Hidden from the agent and from buyers; the coverage check flags it if
          its text shows up in anything the agent sees.
        </p>
        <LazyCodeEditor
          value={draft.answerKey}
          onChange={(answerKey) => onChange({ answerKey })}
          language="markdown"
          ariaLabel="Answer key"
          height={320}
          isReadOnly={isReadOnly}
        />
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="text-sm font-medium">Reference solutions ({solutions.length})</h3>
        {solutions.map((solution, index) => (
          <div key={rows.keys[index]} className="flex flex-col gap-2 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Input
                aria-label={`Title of reference solution ${index + 1}`}
                value={solution.title}
                readOnly={isReadOnly}
                onChange={(e) =>
                  setSolutions(solutions.map((s, i) => (i === index ? { ...s, title: e.target.value } : s)))
                }
                className="w-72"
              />
              <Input
                aria-label={`Language of reference solution ${index + 1}`}
                value={solution.language}
                readOnly={isReadOnly}
                onChange={(e) =>
                  setSolutions(
                    solutions.map((s, i) => (i === index ? { ...s, language: e.target.value } : s)),
                  )
                }
                className="w-32 font-mono"
              />
              {isReadOnly ? null : (
                <Button
                  size="sm"
                  variant="danger"
                  className="ml-auto"
                  onClick={() => {
                    rows.remove(index);
                    setSolutions(solutions.filter((_, i) => i !== index));
                  }}
                >
                  Remove
                </Button>
              )}
            </div>
            <LazyCodeEditor
              value={solution.content}
              onChange={(content) =>
                setSolutions(solutions.map((s, i) => (i === index ? { ...s, content } : s)))
              }
              language={EDITOR_LANGUAGE(solution.language)}
              ariaLabel={`Reference solution ${index + 1}`}
              height={240}
              isReadOnly={isReadOnly}
            />
          </div>
        ))}
        {isReadOnly ? null : (
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                setSolutions([
                  ...solutions,
                  { title: `Solution ${solutions.length + 1}`, language: "markdown", content: "" },
                ])
              }
            >
              Add reference solution
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
