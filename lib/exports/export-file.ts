import { createHash } from "node:crypto";

// The unit every exporter returns: a relative path, its content and (for scripts) its mode. Packing
// sorts by path, so the order an exporter pushes files in never changes the archive's bytes.

export type ExportFile = { path: string; content: Uint8Array | string; mode?: number };

export const FILE_MODE = 0o644;
export const EXECUTABLE_MODE = 0o755;

const encoder = new TextEncoder();

export function toBytes(content: Uint8Array | string): Uint8Array {
  return typeof content === "string" ? encoder.encode(content) : content;
}

export function sha256Hex(content: Uint8Array | string): string {
  return createHash("sha256").update(toBytes(content)).digest("hex");
}

/** Pretty JSON with a final newline (what every exported .json holds). */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** One compact JSON value per line, with a final newline. */
export function toJsonLines(rows: unknown[]): string {
  return rows.map((row) => `${JSON.stringify(row)}\n`).join("");
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function toCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * A file or directory name safe on every system: no separators, no leading dot, no control or
 * reserved characters, at most 120 characters. Resource and task names come from authors.
 */
export function toSafeName(name: string, fallback = "file"): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[/\\:*?"<>|]/g, "_")
    .replace(/\p{Cc}/gu, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 120);
  return cleaned === "" ? fallback : cleaned;
}

/** A Python identifier from a slug: `ai-safety-research` → `ai_safety_research`. */
export function toPythonIdentifier(slug: string): string {
  const id = slug.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[A-Za-z_]/.test(id) ? id : `env_${id}`;
}

/** Refuses paths that would escape the archive or collide: absolute, `..`, empty segments, duplicates. */
export function assertExportPaths(files: ExportFile[]): void {
  const seen = new Set<string>();
  for (const file of files) {
    const segments = file.path.split("/");
    if (file.path.startsWith("/") || segments.some((s) => s === "" || s === "." || s === "..")) {
      throw new Error(`Unsafe export path: ${file.path}`);
    }
    const folded = file.path.toLowerCase();
    if (seen.has(folded)) throw new Error(`Two export files share the path ${file.path}`);
    seen.add(folded);
  }
}

/** Files by path (byte order of the UTF-8 path, like `LC_ALL=C sort`). */
export function sortFiles(files: ExportFile[]): ExportFile[] {
  return [...files].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
}
