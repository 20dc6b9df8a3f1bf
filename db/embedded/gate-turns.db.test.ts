import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { type GateOptions, GateServer } from "./gate-server";
import { buildStartupMessage } from "./wire";

// The gate's turns: a client keeps the one PGlite session for a whole exchange (Parse/Describe/
// Flush, then Bind/Execute/Sync) and a whole transaction, and loses it when it keeps others waiting.

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startGate(options: GateOptions = {}) {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1" }, resolve));
  const port = (server.address() as net.AddressInfo).port;
  const pglite = PGlite.create();
  const gate = new GateServer(server, pglite, "memory", options);
  cleanups.push(async () => {
    await gate.close();
    await (await pglite).close();
  });
  const connect = () => {
    // postgres.js accepts a socket factory at runtime; its type definitions omit it (as db/client.ts).
    const options: postgres.Options<Record<string, never>> & { socket: () => net.Socket } = {
      max: 1,
      prepare: false,
      username: "postgres",
      database: "postgres",
      onnotice: () => {},
      connect_timeout: 120,
      socket: () => net.connect({ port, host: "127.0.0.1" }),
    };
    const sql = postgres(options);
    cleanups.push(() => sql.end({ timeout: 1 }));
    return sql;
  };
  const admin = connect();
  await admin`create table probe (id serial primary key, tag text not null, n int not null)`;
  return { port, connect, admin };
}

/** Reads from a raw socket until the server's output ends with ReadyForQuery. */
function readUntilReady(socket: net.Socket): Promise<Buffer> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const onData = (data: Buffer) => {
      received = Buffer.concat([received, data]);
      if (received.length >= 6 && received[received.length - 6] === 0x5a) {
        socket.off("data", onData);
        resolve(received);
      }
    };
    socket.on("data", onData);
  });
}

/** A connection speaking the protocol by hand, after its startup. */
async function rawSession(port: number): Promise<net.Socket> {
  const raw = net.connect({ port, host: "127.0.0.1" });
  await new Promise((resolve) => raw.once("connect", resolve));
  const ready = readUntilReady(raw);
  raw.write(
    buildStartupMessage(
      new Map([
        ["user", "postgres"],
        ["database", "postgres"],
      ]),
    ),
  );
  await ready;
  cleanups.push(() => raw.destroy());
  return raw;
}

function typed(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "ascii");
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

describe("the embedded database gate", () => {
  it("keeps prepared-statement exchanges and transactions whole while six clients interleave", async () => {
    const { connect, admin } = await startGate();
    const ROUNDS = 30;
    const failures: string[] = [];
    const clients = Array.from({ length: 6 }, (_, c) => ({ c, sql: connect() }));
    await Promise.all(
      clients.map(async ({ c, sql }) => {
        const tag = `client-${c}`;
        for (let k = 0; k < ROUNDS; k++) {
          try {
            // Parameters without a prepared statement: postgres.js describes first (Parse, Describe,
            // Flush), then binds. Each client's statement has its own shape and parameter types.
            if (c % 2 === 0) {
              const [row] = await sql`select ${c}::int * ${k}::int as v, ${tag}::text as tag`;
              if (row.v !== c * k || row.tag !== tag) failures.push(`${tag}/${k}: ${JSON.stringify(row)}`);
            } else {
              const [row] = await sql`select length(${"x".repeat(c + k)}) as v, ${k} + 1 as w`;
              if (row.v !== c + k || Number(row.w) !== k + 1)
                failures.push(`${tag}/${k}: ${JSON.stringify(row)}`);
            }
            await sql.begin(async (tx) => {
              const [{ total }] = await tx`select count(*)::int as total from probe where tag = ${tag}`;
              await tx`insert into probe (tag, n) values (${tag}, ${total})`;
            });
          } catch (error) {
            failures.push(`${tag}/${k}: ${(error as Error).message}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    const rows = await admin<{ tag: string; n: number }[]>`select tag, n from probe order by id`;
    for (const { c } of clients) {
      expect(rows.filter((r) => r.tag === `client-${c}`).map((r) => r.n)).toEqual([...Array(ROUNDS).keys()]);
    }
  });

  it("ends the exchange of a client that dies after a failed Parse and Flush, so the next client is answered", async () => {
    const { port, admin } = await startGate();
    const raw = await rawSession(port);
    // Parse fails: the session now ignores everything until a Sync, which this client never sends.
    const parse = typed("P", Buffer.concat([Buffer.from("\0select no_such_column\0"), Buffer.alloc(2)]));
    const errored = new Promise((resolve) => raw.once("data", resolve));
    raw.write(Buffer.concat([parse, typed("H", Buffer.alloc(0))]));
    expect(String(await errored)).toContain("no_such_column");
    raw.destroy();
    const [row] = await admin`select ${41}::int + 1 as answer`;
    expect(row.answer).toBe(42);
  });

  it("ends the connection of a client idle in a transaction while others wait, and rolls its writes back", async () => {
    const { port, admin } = await startGate({ idleTimeoutMs: 300 });
    const holder = await rawSession(port);
    const inTransaction = readUntilReady(holder);
    holder.write(typed("Q", Buffer.from("begin; insert into probe (tag, n) values ('held', 1);\0")));
    expect((await inTransaction).at(-1)).toBe("T".charCodeAt(0));
    let told = "";
    holder.on("data", (data) => {
      told += String(data);
    });
    const closed = new Promise((resolve) => holder.once("close", resolve));
    const started = Date.now();
    const [{ n }] = await admin`select count(*)::int as n from probe`;
    expect(n).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await closed;
    expect(told).toContain("ended this connection: it left a transaction or query open and idle");
  });

  it("ends a transaction that keeps the session busy longer than another client may wait", async () => {
    const { connect, admin } = await startGate({ maxWaitMs: 500 });
    const busy = connect();
    let statements = 0;
    let busyOutcome: Promise<string> = Promise.resolve("");
    const entered = new Promise<void>((resolve) => {
      busyOutcome = busy
        .begin(async (tx) => {
          await tx`insert into probe (tag, n) values ('busy', 1)`;
          resolve();
          for (;;) {
            await tx`select pg_sleep(0.01)`;
            statements += 1;
          }
        })
        .then(
          () => "committed",
          (error: Error) => error.message,
        );
    });
    await entered;
    const started = Date.now();
    const [{ n }] = await admin`select count(*)::int as n from probe where tag = 'busy'`;
    const waited = Date.now() - started;
    expect(n).toBe(0);
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(5_000);
    expect(statements).toBeGreaterThan(5);
    expect(await busyOutcome).toMatch(/kept the embedded database busy|connection/i);
  });
});
