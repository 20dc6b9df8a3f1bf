"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formOptional, formText } from "@/lib/form-fields";
import { archiveQueue as archiveQueueVerb } from "./archive-queue";
import { createQueue as createQueueVerb } from "./create-queue";
import { syncQueueItems as syncQueueItemsVerb } from "./sync-queue-items";
import { takeNextItem } from "./take-next-item";

// Server actions of review queues. Each is a public endpoint: runAction checks its rule, the verb
// checks the permission again and parses its input with zod.

export async function takeNextQueueItem(_prev: unknown, form: FormData) {
  const queueId = formText(form, "queueId");
  const result = await runAction("takeNextQueueItem", async (session) => {
    const item = await takeNextItem({
      ctx: requireCtx(session),
      input: {
        queueId,
        skipItemId: formOptional(form, "skipItemId"),
        itemId: formOptional(form, "itemId"),
      },
    });
    revalidatePath(`/review/queues/${queueId}`);
    return item ? { itemId: item.itemId } : null;
  });
  if (result.ok) {
    redirect(
      result.data
        ? `/review/queues/${queueId}?item=${result.data.itemId}`
        : `/review/queues/${queueId}?done=1`,
    );
  }
  return result;
}

export async function createQueue(_prev: unknown, form: FormData) {
  const result = await runAction("createQueue", async (session) => {
    const filter = Object.fromEntries(
      [...form.entries()].flatMap(([key, value]) =>
        key.startsWith("filter.") && typeof value === "string" ? [[key.slice(7), value]] : [],
      ),
    );
    return createQueueVerb({
      ctx: requireCtx(session),
      input: {
        name: formText(form, "name"),
        description: formText(form, "description"),
        filter,
        sampling: formText(form, "sampling") as never,
        samplePercent: formText(form, "samplePercent") as never,
        overlap: formText(form, "overlap") as never,
        isBlind: form.get("isBlind") === "on",
        reviewerIds: form.getAll("reviewerIds").map(String),
      },
    });
  });
  if (result.ok) {
    revalidatePath("/review");
    redirect(`/review/queues/${result.data.id}`);
  }
  return result;
}

export async function syncQueueItems(_prev: unknown, form: FormData) {
  return runAction("syncQueueItems", async (session) => {
    const result = await syncQueueItemsVerb({
      ctx: requireCtx(session),
      input: { queueId: formText(form, "queueId") },
    });
    revalidatePath("/review", "layout");
    return result;
  });
}

export async function archiveQueue(_prev: unknown, form: FormData) {
  const result = await runAction("archiveQueue", async (session) => {
    return archiveQueueVerb({ ctx: requireCtx(session), input: { queueId: formText(form, "queueId") } });
  });
  if (result.ok) {
    revalidatePath("/review", "layout");
    redirect("/review");
  }
  return result;
}
