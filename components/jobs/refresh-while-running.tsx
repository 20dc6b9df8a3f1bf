"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Re-renders the page from the server every two seconds while a background job it shows is queued or running. */
export function RefreshWhileRunning({ isRunning }: { isRunning: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => router.refresh(), 2_000);
    return () => clearInterval(timer);
  }, [isRunning, router]);
  return null;
}
