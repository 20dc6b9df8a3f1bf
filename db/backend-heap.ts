import { sql } from "drizzle-orm";

// Once per Postgres server backend (a session setting remembers it), allocate and free 8 MB. glibc
// returns freed memory to the system above a threshold it raises only when a large block is freed;
// this raises it to 16 MB for the backend's life. Below it, the few megabytes of a search's bitmap
// of common words were given back after every query and faulted in again by the next, one page
// fault per 4 kB, each costly on a virtual machine: on the bench's, the phrase search "check the
// output" took 52 ms of backend CPU with 1,250-1,500 faults, and 33 ms warmed (5-12 faults). The
// cost: the allocation itself (about 50 ms, once), and each backend may keep up to 16 MB it freed.
// Interactive queries use it (db/interactive.ts); the search indexer's batches gained nothing
// measurable from it (`studio index` of the import bench, three runs each way). Not for the
// embedded database: its WASM heap never shrinks anyway, and 8 MB more of it would stay allocated.

const BACKEND_HEAP_WARMUP_BYTES = 8 * 1024 * 1024;

/**
 * A select-list expression: true where it warmed the backend now, null where it was warm already.
 * Put it in a statement the work sends anyway (no round trip of its own). `0 * pg_backend_pid()`
 * (a stable term) keeps the planner from folding repeat() into a constant, which it would compute
 * while planning every execution.
 */
export const warmBackendHeapOnce = sql`case when current_setting('studio.heap_warmed', true) is distinct from 'on'
  then length(set_config('studio.heap_warmed', 'on', false))
    + length(repeat(' ', ${sql.raw(String(BACKEND_HEAP_WARMUP_BYTES))} + 0 * pg_backend_pid())) > 0 end`;
