import type { RolloutStatus } from "@/lib/imports/types";

/**
 * SWE-agent / mini-swe-agent `exit_status` → rollout status. `submitted…` (also auto-submissions
 * like `submitted (exit_cost)`) completed; anything naming an error or exception (`exit_error`,
 * `exit_environment_error`, `InternalServerError`) is an error; other exits (`exit_cost`,
 * `exit_context`, `exit_format`, `LimitsExceeded`, `early_exit`) stopped on a budget: truncated.
 */
export function readExitStatus(exitStatus: string | undefined): RolloutStatus {
  if (!exitStatus) return "completed";
  if (/^submitted/i.test(exitStatus)) return "completed";
  if (/error|exception|fail/i.test(exitStatus)) return "error";
  return "truncated";
}

/** `<instance_id>.traj` / `.traj.json` / `.trajectory.json` → the instance id (SWE-agent names files by it). */
export function readInstanceIdFromName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? name;
  const stem = base.replace(/(\.traj(ectory)?)?(\.json)?$/i, "");
  return stem === "" ? null : stem;
}
