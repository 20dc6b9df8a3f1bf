"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

// Images from transcripts: inline only when embedded (a raster data: URL); a remote image loads on
// click, without a referrer, so a transcript cannot make the reviewer's browser call out by itself.

const INLINE_DATA = /^data:image\/(png|jpeg|gif|webp);base64,/i;

function describeSize(bytes?: number): string {
  if (!bytes) return "";
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function readHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.host : null;
  } catch {
    return null;
  }
}

export function ImagePart({
  url,
  alt,
  mediaType,
  dataBytes,
}: {
  url?: string;
  alt?: string;
  mediaType?: string;
  dataBytes?: number;
}) {
  const [isLoaded, setIsLoaded] = useState(false);
  const label = [alt || "Image", mediaType, describeSize(dataBytes)].filter(Boolean).join(" · ");
  const frame =
    "my-2 flex max-w-md flex-col gap-2 rounded-md border border-dashed border-border bg-surface-muted p-3 text-xs text-fg-muted";
  if (url && INLINE_DATA.test(url)) {
    return (
      // biome-ignore lint/performance/noImgElement: embedded data, nothing to optimize or fetch.
      <img
        src={url}
        alt={alt ?? "Embedded image"}
        className="my-2 max-h-96 max-w-full rounded-md border border-border"
      />
    );
  }
  const host = url ? readHost(url) : null;
  if (!url || !host) {
    return (
      <span className={frame}>
        <span>{label}</span>
        <span>
          {url
            ? `Not shown: unsupported address ${url.slice(0, 200)}`
            : "The image data was not kept on import."}
        </span>
      </span>
    );
  }
  if (isLoaded) {
    return (
      // biome-ignore lint/performance/noImgElement: a remote image the reviewer chose to load.
      <img
        src={url}
        alt={alt ?? "Remote image"}
        referrerPolicy="no-referrer"
        className="my-2 max-h-96 max-w-full rounded-md border border-border"
      />
    );
  }
  return (
    <span className={frame}>
      <span>
        {label} from <span className="font-mono text-fg">{host}</span>
      </span>
      <Button size="sm" variant="secondary" className="self-start" onClick={() => setIsLoaded(true)}>
        Load image
      </Button>
    </span>
  );
}
