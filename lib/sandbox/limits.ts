// Resource limits of one sandboxed run. Defaults suit a grader: a few seconds of Python.

export type SandboxLimits = {
  /** Wall-clock time before the whole sandbox is killed. */
  wallSeconds: number;
  /** CPU time (RLIMIT_CPU) of every process. */
  cpuSeconds: number;
  /** Address space (RLIMIT_AS) of every process. */
  memoryBytes: number;
  /** Processes (RLIMIT_NPROC), counted for the run's own user. */
  processes: number;
  /** stdout and stderr, each; more kills the run. */
  outputBytes: number;
  /** Largest file a process may write (RLIMIT_FSIZE). */
  fileBytes: number;
  /** Size of each writable in-memory directory (/tmp and `writableDirs`). */
  tmpBytes: number;
};

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  wallSeconds: 60,
  cpuSeconds: 30,
  memoryBytes: 1024 * 1024 * 1024,
  processes: 64,
  outputBytes: 1024 * 1024,
  fileBytes: 64 * 1024 * 1024,
  tmpBytes: 128 * 1024 * 1024,
};

/** Limits on an answer tree copied into a sandbox (Karotte's save_submission defaults, smaller). */
export type TreeLimits = {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxEntries: number;
  maxDepth: number;
};

export const DEFAULT_TREE_LIMITS: TreeLimits = {
  maxFileBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntries: 10_000,
  maxDepth: 32,
};
