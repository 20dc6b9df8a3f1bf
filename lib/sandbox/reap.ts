import fs from "node:fs";

// The last sweep of a sandboxed run as root: every process still owned by the run's own user is
// killed, repeatedly, until a pass finds none (fork-and-die chains die too). The PID namespace
// normally took them all down already; this proves it.

const MAX_ROUNDS = 100;

function listProcessesOf(uid: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
      const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      // A zombie is dead already; its parent (bwrap, or us) reaps it.
      if (/^State:\s+[ZX]/m.test(status)) continue;
      if (real !== undefined && Number(real) === uid) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Kills every process of `uid`; returns how many were found alive on the first pass. */
export function killUserProcesses(uid: number): number {
  let first: number | null = null;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const pids = listProcessesOf(uid);
    first ??= pids.length;
    if (pids.length === 0) return first;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
  const left = listProcessesOf(uid).length;
  if (left > 0) throw new Error(`${left} sandboxed process(es) of uid ${uid} could not be killed`);
  return first ?? 0;
}
