import "server-only";
import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { type Executor, getDatabase } from "@/db/client";
import { JOB_KIND_NAMES } from "./registry";

// pg-boss runs over the studio's one postgres.js client (db/client.ts), on a Postgres server and on
// the embedded database alike: it opens no connection of its own, so the embedded database keeps
// its single one. pg-boss creates and migrates its `pgboss` schema on start, under an advisory
// transaction lock, so any number of processes may start at once.

type QueueDb = PgBoss.Db;

/** A query parameter as postgres.js needs it (pg, which pg-boss was written for, converts these itself). */
function toParameter(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return `{${value.map((v) => JSON.stringify(String(v))).join(",")}}`;
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

/** Rows of a result; a multi-statement text answers one result per statement, and pg-boss wants the last. */
function toRows(result: unknown): unknown[] {
  const rows = Array.from(result as ArrayLike<unknown>);
  const last = rows.at(-1);
  return Array.isArray(last) ? Array.from(last) : rows;
}

/** The database pg-boss uses by default: the app's client. `BEGIN; …; COMMIT;` texts get a connection of their own. */
const appDatabase: QueueDb = {
  async executeSql(text, values) {
    const { sql: client } = getDatabase();
    if (!values?.length) {
      if (!/\bBEGIN;/.test(text)) return { rows: toRows(await client.unsafe(text)) };
      const reserved = await client.reserve();
      try {
        return { rows: toRows(await reserved.unsafe(text)) };
      } catch (error) {
        await reserved.unsafe("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        reserved.release();
      }
    }
    return { rows: toRows(await client.unsafe(text, values.map(toParameter) as never[])) };
  },
};

/** pg-boss statements inside one of our transactions (a job row and its delivery commit together). */
export function queueDbFor(executor: Executor): QueueDb {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${toParameter(values[Number(match[1]) - 1])}`);
        last = (match.index ?? 0) + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: toRows(await executor.execute(sql.join(chunks))) };
    },
  };
}

type BossState = { started: Promise<PgBoss>; boss: PgBoss | null; queues: Set<string> };
const globalForBoss = globalThis as unknown as { studioBoss?: BossState };

/**
 * The process's pg-boss, started (schema created or migrated) on first use, with a queue for every
 * kind in the registry. It runs no timers of its own: workers call `maintain()` (expire, archive,
 * delete old jobs) from their sweep (worker.ts), so a CLI command that only enqueues exits at once.
 */
export function getBoss(): Promise<PgBoss> {
  if (!globalForBoss.studioBoss) {
    const state: BossState = { started: startBoss(), boss: null, queues: new Set() };
    globalForBoss.studioBoss = state;
    state.started.then(
      (boss) => {
        state.boss = boss;
      },
      () => {
        globalForBoss.studioBoss = undefined;
      },
    );
  }
  return globalForBoss.studioBoss.started;
}

async function startBoss(): Promise<PgBoss> {
  const boss = new PgBoss({ db: appDatabase, supervise: false, schedule: false, migrate: true });
  boss.on("error", (error: unknown) => console.error("[jobs] pg-boss:", error));
  await boss.start();
  for (const kind of JOB_KIND_NAMES) await createQueue(boss, kind);
  return boss;
}

async function createQueue(boss: PgBoss, name: string): Promise<void> {
  const queues = globalForBoss.studioBoss?.queues;
  if (queues?.has(name)) return;
  await boss.createQueue(name, { name, policy: "standard" });
  queues?.add(name);
}

/** Creates a queue for a kind outside the registry (tests, benchmarks); registry kinds have one already. */
export async function ensureQueue(name: string): Promise<PgBoss> {
  const boss = await getBoss();
  await createQueue(boss, name);
  return boss;
}

/** pg-boss when it has started with this kind's queue, else null (enqueueing inside a transaction needs it ready). */
export function getReadyBoss(name: string): PgBoss | null {
  const state = globalForBoss.studioBoss;
  return state?.boss && state.queues.has(name) ? state.boss : null;
}

/** Stops pg-boss in this process (workers stop first; see worker.ts). */
export async function stopBoss(): Promise<void> {
  const state = globalForBoss.studioBoss;
  globalForBoss.studioBoss = undefined;
  if (state) await (await state.started).stop({ graceful: false, close: false, wait: true });
}
