import Link from "next/link";
import type { PagePath } from "@/lib/permissions/routes";
import { can, type Role } from "@/lib/permissions/rules";
import { cn } from "@/lib/utils";

type SettingsPage = Extract<PagePath, `/settings${string}`>;

const PAGES: {
  href: SettingsPage;
  label: string;
  permission: "workspace.view" | "api-keys.manage" | "audit.read";
}[] = [
  { href: "/settings", label: "General", permission: "workspace.view" },
  { href: "/settings/api-keys", label: "API keys", permission: "api-keys.manage" },
  { href: "/settings/audit", label: "Audit log", permission: "audit.read" },
];

/** The pages of Settings the role may open, as tabs under the page title. */
export function SettingsNav({ role, current }: { role: Role | null; current: SettingsPage }) {
  const pages = PAGES.filter((p) => role !== null && can(role, p.permission));
  if (pages.length < 2) return null;
  return (
    <nav aria-label="Settings" className="mb-6 flex gap-1 border-b border-border">
      {pages.map((p) => (
        <Link
          key={p.href}
          href={p.href}
          aria-current={p.href === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            p.href === current
              ? "border-accent text-fg"
              : "border-transparent text-fg-muted hover:border-border hover:text-fg",
          )}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
