// Runs once when the Next server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Background jobs (lib/jobs/): imports, search indexing, and every later kind. The web server
  // runs them too unless WORKERS=0; jobs a stopped process left behind are resumed by any worker.
  const { startServerWorker } = await import("@/lib/jobs/server-worker");
  startServerWorker();
}
