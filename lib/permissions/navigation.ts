import type { SessionInfo } from "@/lib/auth/sessions";
import { PAGE_RULES, type PagePath } from "./routes";
import { can } from "./rules";

export type NavItem = { href: PagePath; label: string };

const NAV_ITEMS: NavItem[] = [
  { href: "/environments", label: "Environments" },
  { href: "/rollouts", label: "Rollouts" },
  { href: "/review", label: "Review" },
  { href: "/catalog", label: "Catalog" },
  { href: "/jobs", label: "Jobs" },
  { href: "/settings", label: "Settings" },
];

/** The navigation a session's role may use, derived from the same rule table the pages check. */
export function listNavItems(session: SessionInfo): NavItem[] {
  const role = session.ctx?.role;
  return NAV_ITEMS.filter(({ href }) => {
    const rule = PAGE_RULES[href];
    if (rule === "public" || rule === "signed-in") return true;
    return role !== undefined && can(role, rule);
  });
}
