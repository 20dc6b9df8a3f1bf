import type { QueueSampling } from "@/lib/values/review-values";

// How a queue draws and orders its items from the rollouts its filter matches. Static order only:
// the dynamic strategies (disagreements first, unlabelled first) sort on top of it when handing
// items out, since labels change while the queue is worked.

export type SampleCandidate = { id: string; reward: number | null; createdAt: Date };

/** A stable pseudo-random number in [0, 1) per (seed, id): FNV-1a 32-bit over the two strings. */
export function hashFraction(seed: string, id: string): number {
  let hash = 0x811c9dc5;
  const text = `${seed}:${id}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // A final avalanche (murmur3's fmix32), so ids that differ in one character spread out evenly.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}

const newestFirst = (a: SampleCandidate, b: SampleCandidate) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The ids of the queue's items in order. random-audit keeps each rollout with probability
 * `samplePercent`% (decided by hash, so re-syncing keeps the same sample and adds new rollouts at
 * the same rate) in hash order; highest-reward sorts by reward (unrewarded last); the others keep
 * newest first.
 */
export function sampleQueueItems({
  candidates,
  sampling,
  samplePercent,
  seed,
}: {
  candidates: readonly SampleCandidate[];
  sampling: QueueSampling;
  samplePercent?: number | null;
  seed: string;
}): string[] {
  if (sampling === "random-audit") {
    const share = Math.min(100, Math.max(0, samplePercent ?? 100)) / 100;
    return candidates
      .map((c) => ({ id: c.id, key: hashFraction(seed, c.id) }))
      .filter((c) => c.key < share)
      .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
      .map((c) => c.id);
  }
  const sorted = [...candidates];
  if (sampling === "highest-reward") {
    sorted.sort((a, b) => {
      if (a.reward === null || b.reward === null)
        return a.reward === b.reward ? newestFirst(a, b) : a.reward === null ? 1 : -1;
      return b.reward - a.reward || newestFirst(a, b);
    });
  } else {
    sorted.sort(newestFirst);
  }
  return sorted.map((c) => c.id);
}
