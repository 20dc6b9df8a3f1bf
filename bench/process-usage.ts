import fs from "node:fs";
import os from "node:os";

// What a benchmark's processes cost, read from /proc (Linux), because the machine is shared and
// wall-clock figures move with its load: CPU seconds of a process tree (the studio server), CPU
// seconds of the Postgres backends serving one database, resident memory, and the load average.

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** utime + stime of one process in seconds; null when it is gone. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function listChildren(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The pid and its descendants. */
function listTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...listChildren(out[i]));
  return out;
}

/** Resident memory of a process tree in MB (`next start` may run the server in a child). */
export function readTreeRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  let kb = 0;
  for (const p of listTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      if (match) kb += Number(match[1]);
    } catch {
      // gone meanwhile
    }
  }
  return kb ? kb / 1024 : null;
}

/**
 * CPU seconds used by a set of processes since the meter started, kept per pid so that a process
 * that exits between two samples still counts with its last reading. `sample()` reads them now;
 * call it often enough (the meter samples every second on its own) that short-lived ones are seen.
 */
function createCpuMeter(listPids: () => number[]) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let isStarted = false;
  const sample = () => {
    for (const pid of listPids()) {
      const seconds = processCpuSeconds(pid);
      if (seconds === null) continue;
      // Processes that exist at the start count from there; later ones count from zero.
      if (!first.has(pid)) first.set(pid, isStarted ? 0 : seconds);
      last.set(pid, seconds);
    }
    isStarted = true;
  };
  sample();
  const timer = setInterval(sample, 1_000);
  timer.unref();
  return {
    /** CPU seconds since the meter started. */
    read(): number {
      sample();
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - (first.get(pid) ?? 0);
      return total;
    },
    stop: () => clearInterval(timer),
  };
}

/** The CPU of a process and its descendants (the studio server). */
export function createProcessTreeCpuMeter(pid: number) {
  return createCpuMeter(() => listTree(pid));
}

function readCommandLine(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/**
 * The CPU of the Postgres processes that work for one database: its backends (one per connection)
 * and autovacuum workers, whose titles name it ("postgres: 15/main: postgres <db> 127.0.0.1(…) …").
 * The shared processes (WAL writer, checkpointer) serve every database on the machine: not counted.
 */
export function createPostgresCpuMeter(databaseName: string) {
  const listPids = () =>
    fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        const title = readCommandLine(pid).trimEnd();
        return (
          title.startsWith("postgres: ") &&
          (title.includes(` ${databaseName} `) || title.endsWith(` ${databaseName}`))
        );
      })
      .map(Number);
  return createCpuMeter(listPids);
}
