"use client";

import { type ReactNode, useActionState } from "react";
import type { ActionResult } from "@/lib/auth/run-action";

type FormAction<T> = (prev: unknown, form: FormData) => Promise<ActionResult<T>>;

/**
 * A form bound to a server action that shows the action's error, or `renderSuccess` after it worked.
 * `key` the form by something that changes to reset it.
 */
export function ActionForm<T>({
  action,
  children,
  renderSuccess,
  className,
  label,
}: {
  action: FormAction<T>;
  children: (isPending: boolean) => ReactNode;
  renderSuccess?: (data: T) => ReactNode;
  className?: string;
  label: string;
}) {
  const [state, formAction, isPending] = useActionState(action, null);
  return (
    <form action={formAction} className={className} aria-label={label}>
      {children(isPending)}
      {state && !state.ok ? (
        <p role="alert" className="basis-full text-sm text-danger">
          {state.error.message}
        </p>
      ) : null}
      {state?.ok && renderSuccess ? <div className="basis-full">{renderSuccess(state.data)}</div> : null}
    </form>
  );
}
