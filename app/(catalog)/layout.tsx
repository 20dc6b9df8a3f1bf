import type { ReactNode } from "react";
import { SignedInLayout } from "@/components/layout/signed-in-layout";

export default function Layout({ children }: { children: ReactNode }) {
  return <SignedInLayout>{children}</SignedInLayout>;
}
