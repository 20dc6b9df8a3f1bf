"use client";

import { usePathname } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import type { NavItem } from "@/lib/permissions/navigation";
import { NavLink } from "./nav-link";
import { useDismiss } from "./use-dismiss";

/**
 * The main navigation below 1280 px, where the header has no room for it in a row: a Menu button
 * that opens the links as a list under the header. It closes on a link, Escape or a click elsewhere.
 */
export function MenuNav({ items }: { items: NavItem[] }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  // Open on the page it was opened on: a followed link closes the menu, as the new page starts shut.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const close = useCallback(() => setOpenOn(null), []);
  useDismiss(rootRef, isOpen, close);
  return (
    <div ref={rootRef} className="xl:hidden">
      <button
        type="button"
        aria-label="Menu"
        aria-expanded={isOpen}
        aria-controls="menu-nav"
        onClick={() => setOpenOn(isOpen ? null : pathname)}
        className="flex h-8 items-center gap-1 rounded-md border border-border bg-surface px-2.5 text-sm font-medium text-fg hover:bg-surface-muted"
      >
        <span aria-hidden="true">☰</span>
        <span className="hidden sm:inline">Menu</span>
      </button>
      {isOpen ? (
        <nav
          id="menu-nav"
          aria-label="Main"
          className="absolute inset-x-0 top-14 z-40 flex flex-col gap-1 border-b border-border bg-surface px-4 py-3 shadow-md"
        >
          {items.map((item) => (
            <NavLink key={item.href} href={item.href} label={item.label} />
          ))}
        </nav>
      ) : null}
    </div>
  );
}
