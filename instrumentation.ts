// Runs once when the Next server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { failInterruptedRuns } = await import("@/lib/imports/run-import");
  const count = await failInterruptedRuns().catch((error: unknown) => {
    console.error("[startup] could not check for interrupted imports", error);
    return 0;
  });
  if (count > 0) console.log(`[startup] marked ${count} interrupted import(s) as failed`);
  // Imported rollouts become searchable in the background (lib/search/).
  const { startSearchIndexer } = await import("@/lib/search/search-indexer");
  startSearchIndexer();
}
