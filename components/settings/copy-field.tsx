"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export function CopyField({ label, value }: { label: string; value: string }) {
  const [isCopied, setIsCopied] = useState(false);
  async function handleCopy() {
    await navigator.clipboard?.writeText(value);
    setIsCopied(true);
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-warning/40 bg-warning/10 p-3">
      <label className="text-sm font-medium" htmlFor="copy-field">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id="copy-field"
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" size="sm" className="h-9" onClick={handleCopy}>
          {isCopied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
