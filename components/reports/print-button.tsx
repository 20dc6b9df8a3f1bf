"use client";

import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (save as PDF there); hidden on the printout itself. */
export function PrintButton() {
  return (
    <Button variant="secondary" size="sm" onClick={() => window.print()} data-print="hide">
      Print or save as PDF
    </Button>
  );
}
