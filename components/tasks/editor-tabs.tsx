"use client";

import type { KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

export type TabItem<T extends string> = { id: T; label: string; badge?: string };

/** An ARIA tab list: arrow keys, Home and End move between tabs. */
export function EditorTabs<T extends string>({
  tabs,
  active,
  idPrefix,
  onSelect,
}: {
  tabs: TabItem<T>[];
  active: T;
  idPrefix: string;
  onSelect: (id: T) => void;
}) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === active);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    document.getElementById(`${idPrefix}-tab-${tabs[next].id}`)?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Task editor"
      className="flex flex-wrap gap-1 border-b border-border"
      onKeyDown={handleKeyDown}
    >
      {tabs.map((tab) => {
        const isActive = tab.id === active;
        return (
          <button
            key={tab.id}
            id={`${idPrefix}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={isActive}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={cn(
              "-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium",
              isActive ? "border-accent text-fg" : "border-transparent text-fg-muted hover:text-fg",
            )}
          >
            {tab.label}
            {tab.badge ? (
              <span className="rounded-full bg-surface-muted px-1.5 text-xs text-fg-muted">{tab.badge}</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
