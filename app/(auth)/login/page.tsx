import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Card } from "@/components/ui/card";
import { getSessionInfo } from "@/lib/auth/current";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  if (await getSessionInfo()) redirect(next ?? "/");
  return (
    <Card>
      <h1 className="mb-1 text-xl font-semibold">Sign in</h1>
      <p className="mb-5 text-sm text-fg-muted">Use the account your workspace owner created for you.</p>
      <SignInForm next={typeof next === "string" ? next : "/"} />
    </Card>
  );
}
