import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { resolveDataDir } from "@/lib/env";

// Uploaded files wait for their import under DATA_DIR/uploads/<id>/ (not a temp folder: a studio
// that restarts must find them to resume). The import job deletes the folder when it ends.

function uploadsRoot(): string {
  return path.join(resolveDataDir(), "uploads");
}

export function createUploadDir(): string {
  const dir = path.join(uploadsRoot(), randomUUID());
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Deletes an upload folder, only ever one under DATA_DIR/uploads/. */
export function removeUploadDir(dir: string): void {
  const resolved = path.resolve(dir);
  if (resolved.startsWith(`${uploadsRoot()}${path.sep}`))
    fs.rmSync(resolved, { recursive: true, force: true });
}
