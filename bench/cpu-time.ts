import fs from "node:fs";
import type postgres from "postgres";

// CPU time for benchmarks on a shared machine, where wall-clock figures move with the neighbours'
// load: a process's user + system time from /proc (Linux), and the summed CPU time of the Postgres
// backends serving one database (the server runs on this machine; its backends are polled through
// pg_stat_activity, since a backend's time is gone from /proc once it exits).

const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of a process so far; null when it is gone or /proc is unreadable. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export type BackendCpu = {
  /** CPU seconds the database's backends used since the tracker started (polls once more first). */
  read(): Promise<number>;
  /** Stops polling; returns what read() would. */
  stop(): Promise<number>;
};

/**
 * Polls the backends connected to `database` (every `intervalMs`) and sums the CPU each used since
 * the tracker started. A backend that exits between polls loses at most its last interval.
 */
export function trackBackendCpu(sql: postgres.Sql, database: string, intervalMs = 100): BackendCpu {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  const poll = async () => {
    const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database}`;
    for (const { pid } of rows) {
      const cpu = processCpuSeconds(pid);
      if (cpu === null) continue;
      // Backends already running at the start count from there; new ones from zero.
      if (!first.has(pid)) first.set(pid, started ? 0 : cpu);
      last.set(pid, cpu);
    }
    started = true;
  };
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    await poll();
  })();
  const total = () => {
    let sum = 0;
    for (const [pid, cpu] of last) sum += cpu - (first.get(pid) ?? 0);
    return sum;
  };
  return {
    async read() {
      await poll();
      return total();
    },
    async stop() {
      stopping = true;
      await loop;
      return total();
    },
  };
}
