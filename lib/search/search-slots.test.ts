import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { countSearchSlots, withSearchSlot } from "./search-slots";

/** A search that runs until `finish` is called. */
function deferred() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe("withSearchSlot", () => {
  it("runs `limit` searches of a workspace at once, queues a few more, and refuses the rest with 429", async () => {
    const workspaceId = `ws-${Math.random()}`;
    const gate = deferred();
    const started: number[] = [];
    const searches = Array.from({ length: 10 }, (_, i) =>
      withSearchSlot({ workspaceId, limit: 2 }, async () => {
        started.push(i);
        await gate.done;
        return i;
      }),
    );
    const outcomes = Promise.allSettled(searches);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(countSearchSlots(workspaceId)).toEqual({ running: 2, waiting: 8 });
    await expect(withSearchSlot({ workspaceId, limit: 2 }, async () => 0)).rejects.toMatchObject({
      code: "rate_limited",
    });
    // Another workspace is not held up.
    expect(await withSearchSlot({ workspaceId: `${workspaceId}-other`, limit: 2 }, async () => "free")).toBe(
      "free",
    );
    gate.finish();
    const results = await outcomes;
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : null))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(countSearchSlots(workspaceId)).toEqual({ running: 0, waiting: 0 });
  });

  it("drops a waiting search whose request is aborted", async () => {
    const workspaceId = `ws-${Math.random()}`;
    const gate = deferred();
    const running = withSearchSlot({ workspaceId, limit: 1 }, () => gate.done);
    const controller = new AbortController();
    let ran = false;
    const waiting = withSearchSlot({ workspaceId, limit: 1, signal: controller.signal }, async () => {
      ran = true;
    });
    expect(countSearchSlots(workspaceId).waiting).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AppError);
    expect(countSearchSlots(workspaceId)).toEqual({ running: 1, waiting: 0 });
    gate.finish();
    await running;
    expect(ran).toBe(false);
    expect(countSearchSlots(workspaceId)).toEqual({ running: 0, waiting: 0 });
  });
});
