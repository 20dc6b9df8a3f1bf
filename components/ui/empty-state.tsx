import type { ReactNode } from "react";

/** What an empty page says: what belongs here and the next step to take. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-14 text-center">
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      <div className="max-w-lg text-sm text-fg-muted">{children}</div>
      {action}
    </div>
  );
}
