import { describe, expect, it } from "vitest";
import { hashFraction, type SampleCandidate, sampleQueueItems } from "./sampling";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const candidates: SampleCandidate[] = [
  { id: "a", reward: 0.2, createdAt: at(1) },
  { id: "b", reward: null, createdAt: at(5) },
  { id: "c", reward: 1, createdAt: at(2) },
  { id: "d", reward: 0.2, createdAt: at(4) },
  { id: "e", reward: 0.9, createdAt: at(3) },
];

describe("queue sampling", () => {
  it("all, disagreements-first and unlabeled-first keep every rollout, newest first", () => {
    for (const sampling of ["all", "disagreements-first", "unlabeled-first"] as const) {
      expect(sampleQueueItems({ candidates, sampling, seed: "s" })).toEqual(["b", "d", "e", "c", "a"]);
    }
  });

  it("highest-reward sorts by reward, ties newest first, unrewarded last", () => {
    expect(sampleQueueItems({ candidates, sampling: "highest-reward", seed: "s" })).toEqual([
      "c",
      "e",
      "d",
      "a",
      "b",
    ]);
  });

  it("random-audit keeps about N% of 20,000 rollouts, the same ones on every draw", () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ id: `r-${i}`, reward: null, createdAt: at(0) }));
    const sample = sampleQueueItems({
      candidates: many,
      sampling: "random-audit",
      samplePercent: 10,
      seed: "queue-1",
    });
    // Binomial(20000, 0.1): mean 2000, sd ≈ 42; ±4 sd.
    expect(sample.length).toBeGreaterThan(1830);
    expect(sample.length).toBeLessThan(2170);
    expect(
      sampleQueueItems({ candidates: many, sampling: "random-audit", samplePercent: 10, seed: "queue-1" }),
    ).toEqual(sample);
    // A grown pool keeps the first sample and adds to it (re-sync).
    const grown = [
      ...many,
      ...Array.from({ length: 1_000 }, (_, i) => ({ id: `new-${i}`, reward: null, createdAt: at(9) })),
    ];
    const resampled = new Set(
      sampleQueueItems({ candidates: grown, sampling: "random-audit", samplePercent: 10, seed: "queue-1" }),
    );
    expect(sample.every((id) => resampled.has(id))).toBe(true);
    // Another queue (seed) draws another sample.
    const other = new Set(
      sampleQueueItems({ candidates: many, sampling: "random-audit", samplePercent: 10, seed: "queue-2" }),
    );
    const overlap = sample.filter((id) => other.has(id)).length;
    expect(overlap).toBeGreaterThan(100);
    expect(overlap).toBeLessThan(320);
  });

  it("random-audit at 100% keeps everything and at 1% of 5 rollouts may keep none", () => {
    expect(
      sampleQueueItems({ candidates, sampling: "random-audit", samplePercent: 100, seed: "x" }).sort(),
    ).toEqual(["a", "b", "c", "d", "e"]);
    const tiny = sampleQueueItems({ candidates, sampling: "random-audit", samplePercent: 1, seed: "x" });
    expect(tiny.length).toBeLessThanOrEqual(1);
  });

  it("hashes into [0, 1) evenly", () => {
    const buckets = Array(10).fill(0);
    for (let i = 0; i < 10_000; i += 1) {
      const h = hashFraction("seed", `id-${i}`);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThan(1);
      buckets[Math.floor(h * 10)] += 1;
    }
    // Each decile: 1000 expected, sd ≈ 30.
    for (const count of buckets) expect(Math.abs(count - 1000)).toBeLessThan(130);
  });
});
