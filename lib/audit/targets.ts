import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import {
  apiKeys,
  environments,
  judges,
  providers,
  reviewQueues,
  rollouts,
  rubrics,
  runs,
  tasks,
  users,
} from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";

// What an audit entry changed, by name and with a link where the studio has a page for it: the
// raw ids the log stores mean nothing to a reader. Names are looked up in the workspace only, one
// query per kind of target on the page; a target deleted since keeps its kind and short id.

export type AuditTarget = { type: string; label: string; href: string | null };

type Ref = { targetType: string; targetId: string | null };
type Named = { id: string; label: string; href: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LOADERS: Record<string, (ctx: Ctx, ids: string[]) => Promise<Named[]>> = {
  environment: async (ctx, ids) =>
    (
      await db
        .select({ id: environments.id, name: environments.name, slug: environments.slug })
        .from(environments)
        .where(and(eq(environments.workspaceId, ctx.workspace.id), inArray(environments.id, ids)))
    ).map((e) => ({ id: e.id, label: e.name, href: `/environments/${e.slug}` })),
  task: async (ctx, ids) =>
    (
      await db
        .select({ id: tasks.id, title: tasks.title, key: tasks.key, slug: environments.slug })
        .from(tasks)
        .innerJoin(environments, eq(environments.id, tasks.environmentId))
        .where(and(eq(environments.workspaceId, ctx.workspace.id), inArray(tasks.id, ids)))
    ).map((t) => ({
      id: t.id,
      label: t.title || t.key,
      href: `/environments/${t.slug}/tasks/${encodeURIComponent(t.key)}`,
    })),
  rubric: async (ctx, ids) =>
    (
      await db
        .select({ id: rubrics.id, title: rubrics.title, taskId: rubrics.taskId, slug: environments.slug })
        .from(rubrics)
        .innerJoin(environments, eq(environments.id, rubrics.environmentId))
        .where(and(eq(rubrics.workspaceId, ctx.workspace.id), inArray(rubrics.id, ids)))
    ).map((r) => ({
      id: r.id,
      label: r.title || "rubric",
      href: r.taskId ? null : `/environments/${r.slug}/rubrics/${r.id}`,
    })),
  judge: async (ctx, ids) =>
    (
      await db
        .select({ id: judges.id, name: judges.name, slug: environments.slug })
        .from(judges)
        .innerJoin(environments, eq(environments.id, judges.environmentId))
        .where(and(eq(judges.workspaceId, ctx.workspace.id), inArray(judges.id, ids)))
    ).map((j) => ({ id: j.id, label: j.name, href: `/environments/${j.slug}/judges/${j.id}` })),
  run: async (ctx, ids) =>
    (
      await db
        .select({ id: runs.id, name: runs.name, source: runs.source })
        .from(runs)
        .where(and(eq(runs.workspaceId, ctx.workspace.id), inArray(runs.id, ids)))
    ).map((r) => ({ id: r.id, label: r.name ?? r.source, href: `/rollouts/runs/${r.id}` })),
  rollout: async (ctx, ids) =>
    (
      await db
        .select({ id: rollouts.id, taskKey: rollouts.taskKey, externalId: rollouts.externalId })
        .from(rollouts)
        .where(and(eq(rollouts.workspaceId, ctx.workspace.id), inArray(rollouts.id, ids)))
    ).map((r) => ({ id: r.id, label: r.taskKey ?? r.externalId ?? "rollout", href: `/rollouts/${r.id}` })),
  review_queue: async (ctx, ids) =>
    (
      await db
        .select({ id: reviewQueues.id, name: reviewQueues.name })
        .from(reviewQueues)
        .where(and(eq(reviewQueues.workspaceId, ctx.workspace.id), inArray(reviewQueues.id, ids)))
    ).map((q) => ({ id: q.id, label: q.name, href: `/review/queues/${q.id}` })),
  "api-key": async (ctx, ids) =>
    (
      await db
        .select({ id: apiKeys.id, name: apiKeys.name })
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, ctx.workspace.id), inArray(apiKeys.id, ids)))
    ).map((k) => ({ id: k.id, label: k.name, href: "/settings/api-keys" })),
  provider: async (ctx, ids) =>
    (
      await db
        .select({ id: providers.id, name: providers.name })
        .from(providers)
        .where(and(eq(providers.workspaceId, ctx.workspace.id), inArray(providers.id, ids)))
    ).map((p) => ({ id: p.id, label: p.name, href: "/settings" })),
  // Members: the audit row names the user; an email is what the owner knows them by.
  user: async (_ctx, ids) =>
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))).map(
      (u) => ({ id: u.id, label: u.email, href: null }),
    ),
};

/** The target of each entry, in order. */
export async function resolveAuditTargets({ ctx, refs }: { ctx: Ctx; refs: Ref[] }): Promise<AuditTarget[]> {
  const idsByType = new Map<string, Set<string>>();
  for (const { targetType, targetId } of refs) {
    if (!targetId || !UUID.test(targetId) || !(targetType in LOADERS)) continue;
    idsByType.set(targetType, (idsByType.get(targetType) ?? new Set()).add(targetId));
  }
  const found = new Map<string, Named>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      for (const named of await LOADERS[type](ctx, [...ids])) found.set(`${type}:${named.id}`, named);
    }),
  );
  return refs.map(({ targetType, targetId }) => {
    const named = targetId ? found.get(`${targetType}:${targetId}`) : undefined;
    const type = targetType.replace(/[_-]/g, " ");
    if (named) return { type, label: named.label, href: named.href };
    return { type, label: targetId ? targetId.slice(0, 8) : "", href: null };
  });
}
