import { cn } from "@/lib/utils";

/** Preformatted untrusted text (tool output, system prompts, arguments): React escapes it. */
export function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <pre className={cn("whitespace-pre-wrap break-words font-mono text-xs leading-5 text-fg", className)}>
      {text}
    </pre>
  );
}
