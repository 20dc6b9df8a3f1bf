import type { ReactNode } from "react";

/** Pages anyone may open without signing in (public datasheets): no navigation, no session. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <p className="mb-6 text-sm font-semibold tracking-tight text-fg-muted">
        Environment Studio · public datasheet
      </p>
      {children}
    </main>
  );
}
