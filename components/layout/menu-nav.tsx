"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { NavItem } from "@/lib/permissions/navigation";
import { NavLink } from "./nav-link";

/**
 * The main navigation below 1280 px, where the header has no room for it in a row: a Menu button
 * that opens the links as a list under the header. It closes on a link, Escape or a click elsewhere.
 */
export function MenuNav({ items }: { items: NavItem[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  // A followed link closes the menu: the new page starts with it shut.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new pathname on purpose
  useEffect(() => setIsOpen(false), [pathname]);
  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsOpen(false);
    };
    document.addEventListener("pointerdown", handlePointer);
    document.addEventListener("keydown", handleKey);
    return () => {
      document.removeEventListener("pointerdown", handlePointer);
      document.removeEventListener("keydown", handleKey);
    };
  }, [isOpen]);
  return (
    <div ref={rootRef} className="xl:hidden">
      <button
        type="button"
        aria-label="Menu"
        aria-expanded={isOpen}
        aria-controls="menu-nav"
        onClick={() => setIsOpen(!isOpen)}
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
