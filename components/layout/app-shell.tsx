import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/accounts/actions";
import type { SessionInfo } from "@/lib/auth/sessions";
import { listNavItems } from "@/lib/permissions/navigation";
import { MenuNav } from "./menu-nav";
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
        <div className="relative mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-4">
          <Link
            href="/"
            className="flex shrink-0 items-center gap-2 whitespace-nowrap font-semibold tracking-tight text-fg"
          >
            <span
              aria-hidden="true"
              className="grid size-6 place-items-center rounded bg-accent text-xs text-accent-fg"
            >
              ES
            </span>
            {/* Its name on a phone too, for screen readers: the text itself, so name and text agree. */}
            <span className="sr-only sm:not-sr-only">Environment Studio</span>
          </Link>
          <MenuNav items={items} />
          <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex">
            {items.map((item) => (
              <NavLink key={item.href} href={item.href} label={item.label} />
            ))}
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <WorkspaceSwitcher
              current={session.ctx?.workspace.slug ?? null}
              workspaces={session.workspaces}
            />
            <ThemeToggle />
            <span
              className="hidden max-w-40 truncate text-sm text-fg-muted 2xl:inline"
              title={session.user.email}
            >
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
