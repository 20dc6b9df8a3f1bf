import { describe, expect, it } from "vitest";
import { createIngestGate } from "./ingest-gate";

describe("the ingest gate's lull", () => {
  it("holds background work back until the batches being written are done", async () => {
    const gate = createIngestGate({ maxActive: 2, maxWaiting: 0 });
    const events: string[] = [];
    let finish = () => {};
    const writing = gate.run(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            events.push("batch written");
            resolve();
          };
        }),
    );
    const lull = gate.waitForLull({ maxWaitMs: 600_000 }).then(() => events.push("background goes on"));
    // Let the waiter poll a few times while the batch is still being written.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(events).toEqual([]);
    finish();
    await writing;
    await lull;
    expect(events).toEqual(["batch written", "background goes on"]);
  });

  it("lets background work go on under a steady stream of batches, after its longest wait", async () => {
    const gate = createIngestGate({ maxActive: 1, maxWaiting: 0 });
    let finish = () => {};
    const writing = gate.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await gate.waitForLull({ maxWaitMs: 100 });
    expect(gate.active).toBe(1);
    finish();
    await writing;
  });

  it("lets background waiters go on one at a time, in turn, while batches keep coming", async () => {
    const gate = createIngestGate({ maxActive: 1, maxWaiting: 0 });
    let finish = () => {};
    const writing = gate.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const order: string[] = [];
    const waiters = ["first", "second", "third"].map((name) =>
      gate.waitForLull({ maxWaitMs: 150 }).then(() => order.push(name)),
    );
    await waiters[0];
    // The first went on alone: the others wait for their own turns.
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["first"]);
    await Promise.all(waiters);
    expect(order).toEqual(["first", "second", "third"]);
    expect(gate.active).toBe(1);
    finish();
    await writing;
  });

  it("stops waiting when the job is cancelled", async () => {
    const gate = createIngestGate({ maxActive: 1, maxWaiting: 0 });
    let finish = () => {};
    const writing = gate.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const controller = new AbortController();
    const lull = gate.waitForLull({ maxWaitMs: 600_000, signal: controller.signal });
    controller.abort();
    await lull;
    expect(gate.active).toBe(1);
    finish();
    await writing;
  });

  it("does not wait in a process that writes no batches (the CLI, a separate worker)", async () => {
    const gate = createIngestGate({ maxActive: 1, maxWaiting: 0 });
    await gate.waitForLull({ maxWaitMs: 600_000 });
    expect(gate.active).toBe(0);
  });
});
