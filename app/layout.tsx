import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/layout/providers";
import { NONCE_HEADER } from "@/lib/security/content-security-policy";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Environment Studio", template: "%s · Environment Studio" },
  description: "Build RL environments for AI agents, review what agents did, and prove the grader is honest.",
  icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }] },
  manifest: "/manifest.webmanifest",
};

// Applies the saved theme before first paint, so a dark-mode user never sees a white flash.
const THEME_SCRIPT = `try{var t=localStorage.getItem("theme");if(!t)t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.dataset.theme=t}catch(e){}`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The request's CSP nonce (proxy.ts); reading it renders every page per request, as nonces need.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, not user content */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
