import fs from "node:fs";
import path from "node:path";
import { DEFAULT_TREE_LIMITS, type TreeLimits } from "./limits";

// Takes custody of an answer before grading (Karotte's save_submission): copies regular files and
// folders only, refusing symlinks, FIFOs, sockets, device files and trees over the limits, so a
// grader never follows a link to the answer key, blocks on a FIFO or reads /dev/zero. Files are
// opened with O_NOFOLLOW and checked again after opening, so a swap between check and open fails.

export type TreeRefusal = { ok: false; reason: string };
export type TreeCopy = { ok: true; files: number; bytes: number };

const NOFOLLOW = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW;

function describeSpecial(stat: fs.Stats): string | null {
  if (stat.isSymbolicLink()) return "a symlink";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device file";
  if (!stat.isFile() && !stat.isDirectory()) return "a special file";
  return null;
}

/** Copies `source` (a folder or one file) to `destination`, or says why it refuses. */
export function copyAnswerTree({
  source,
  destination,
  limits = DEFAULT_TREE_LIMITS,
  label = path.basename(source),
}: {
  source: string;
  destination: string;
  limits?: TreeLimits;
  /** How refusals name the answer's root (default: the source folder's name). */
  label?: string;
}): TreeCopy | TreeRefusal {
  const totals = { files: 0, bytes: 0, entries: 0 };
  const refuse = (reason: string): TreeRefusal => {
    fs.rmSync(destination, { recursive: true, force: true });
    return { ok: false, reason };
  };
  const walk = (from: string, to: string, shown: string, depth: number): string | null => {
    if (depth > limits.maxDepth) return `${shown} is nested deeper than ${limits.maxDepth} folders`;
    totals.entries += 1;
    if (totals.entries > limits.maxEntries) return `the answer has more than ${limits.maxEntries} entries`;
    const stat = fs.lstatSync(from);
    const special = describeSpecial(stat);
    if (special) return `${shown} is ${special}`;
    if (stat.isDirectory()) {
      fs.mkdirSync(to, { recursive: true, mode: 0o755 });
      for (const name of fs.readdirSync(from).sort()) {
        const problem = walk(path.join(from, name), path.join(to, name), `${shown}/${name}`, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    if (stat.size > limits.maxFileBytes) return `${shown} is larger than ${limits.maxFileBytes} bytes`;
    if (totals.bytes + stat.size > limits.maxTotalBytes)
      return `the answer is larger than ${limits.maxTotalBytes} bytes`;
    const fd = fs.openSync(from, NOFOLLOW);
    try {
      const opened = fs.fstatSync(fd);
      if (!opened.isFile() || opened.ino !== stat.ino) return `${shown} changed while it was being copied`;
      const bytes = Buffer.alloc(opened.size);
      const read = opened.size === 0 ? 0 : fs.readSync(fd, bytes, 0, opened.size, 0);
      fs.writeFileSync(to, bytes.subarray(0, read), { mode: 0o644 });
      totals.files += 1;
      totals.bytes += read;
    } finally {
      fs.closeSync(fd);
    }
    return null;
  };
  if (!fs.existsSync(source) && !isDanglingLink(source)) return { ok: true, files: 0, bytes: 0 };
  try {
    const problem = walk(source, destination, label, 0);
    return problem ? refuse(problem) : { ok: true, files: totals.files, bytes: totals.bytes };
  } catch (error) {
    return refuse(`the answer could not be read: ${(error as Error).message}`);
  }
}

function isDanglingLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
