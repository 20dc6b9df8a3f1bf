import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/accounts/actions";
import type { SessionInfo } from "@/lib/auth/sessions";
import { listNavItems } from "@/lib/permissions/navigation";
import { NavLink } from "./nav-link";
import { ThemeToggle } from "./theme-toggle";
import { WorkspaceSwitcher } from "./workspace-switcher";

export function AppShell({ session, children }: { session: SessionInfo; children: ReactNode }) {
  const items = listNavItems(session);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <header
        className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur"
        data-print="hide"
      >
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight text-fg">
            <span
              aria-hidden="true"
              className="grid size-6 place-items-center rounded bg-accent text-xs text-accent-fg"
            >
              ES
            </span>
            Environment Studio
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1">
            {items.map((item) => (
              <NavLink key={item.href} href={item.href} label={item.label} />
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <WorkspaceSwitcher
              current={session.ctx?.workspace.slug ?? null}
              workspaces={session.workspaces}
            />
            <ThemeToggle />
            <span className="hidden text-sm text-fg-muted md:inline" title={session.user.email}>
              {session.user.name || session.user.email}
            </span>
            <form action={signOut}>
              <Button type="submit" variant="secondary" size="sm">
                Sign out
              </Button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
