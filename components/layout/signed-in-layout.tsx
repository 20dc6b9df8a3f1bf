import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getSessionInfo } from "@/lib/auth/current";
import { AppShell } from "./app-shell";

/** The layout of every signed-in route group: the shell around the page, or the way to /login. */
export async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await getSessionInfo();
  if (!session) redirect("/login");
  return <AppShell session={session}>{children}</AppShell>;
}
