import "server-only";
import { env } from "@/lib/env";
import { startWorker } from "./worker";

const globalForServerWorker = globalThis as unknown as { studioServerWorker?: boolean };

/** The web server's own worker (WORKERS jobs at once; WORKERS=0 leaves jobs to `studio worker`). */
export function startServerWorker(): void {
  if (env.WORKERS === 0 || globalForServerWorker.studioServerWorker) return;
  globalForServerWorker.studioServerWorker = true;
  startWorker({ concurrency: env.WORKERS }).catch((error: unknown) => {
    globalForServerWorker.studioServerWorker = false;
    console.error("[jobs] the web server could not start its worker", error);
  });
}
