// Runs once when the Next server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Background imports a stopped process left behind are resumed (or failed, with the reason).
  const { startImportRecovery } = await import("@/lib/imports/resume-imports");
  startImportRecovery();
  // Imported rollouts become searchable in the background (lib/search/).
  const { startSearchIndexer } = await import("@/lib/search/search-indexer");
  startSearchIndexer();
  // Background jobs (lib/jobs/): the web server runs them too, unless WORKERS=0.
  const { startServerWorker } = await import("@/lib/jobs/server-worker");
  startServerWorker();
}
