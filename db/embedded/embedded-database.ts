import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { GateServer } from "./gate-server";

/**
 * Embedded mode: one process owns the PGlite data folder and serves it through a GateServer on a
 * loopback port; every other process (and the owner itself) connects to that port with postgres.js.
 * The port is derived from the data folder, so binding it is the lock: the kernel lets exactly one
 * process hold it and frees it when that process dies. If the owner exits, the next connection
 * attempt from any process finds the port free and takes ownership.
 */

const OWNER_FILE = "embedded-server.json";

type Owned = { gate: GateServer; pglite: Promise<PGlite>; port: number };
const owned = new Map<string, Owned>();

export function portForDataDir(dataDir: string, override?: number): number {
  if (override) return override;
  let hash = 2166136261;
  for (const ch of dataDir) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return 40_000 + (hash % 20_000);
}

function connectTo(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.removeListener("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

function listenOn(server: net.Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve(false);
      else reject(error);
    };
    server.once("error", onError);
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      server.removeListener("error", onError);
      resolve(true);
    });
  });
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A second guard: a live owner recorded in the folder on another port (another EMBEDDED_DB_PORT). */
function assertNoOtherOwner(dataDir: string, port: number): void {
  const ownedHere = owned.get(dataDir);
  if (ownedHere && ownedHere.port !== port) {
    throw new Error(
      `The embedded database in ${dataDir} is already open by process ${process.pid} on port ${ownedHere.port}. ` +
        "Stop it, or use the same EMBEDDED_DB_PORT.",
    );
  }
  const file = path.join(dataDir, OWNER_FILE);
  if (!fs.existsSync(file)) return;
  try {
    const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as { pid: number; port: number };
    if (recorded.pid !== process.pid && recorded.port !== port && isProcessAlive(recorded.pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is already open by process ${recorded.pid} on port ${recorded.port}. ` +
          "Stop it, or use the same EMBEDDED_DB_PORT.",
      );
    }
  } catch (error) {
    if (error instanceof SyntaxError) return;
    throw error;
  }
}

async function becomeOwner(dataDir: string, port: number): Promise<boolean> {
  const server = net.createServer();
  if (!(await listenOn(server, port))) return false;
  try {
    assertNoOtherOwner(dataDir, port);
  } catch (error) {
    server.close();
    throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, OWNER_FILE),
    JSON.stringify({ pid: process.pid, port, since: new Date().toISOString() }),
  );
  const pglite = PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
  pglite.catch(() => {}); // reported to clients by the gate; never an unhandled rejection
  owned.set(dataDir, { gate: new GateServer(server, pglite, dataDir), pglite, port });
  return true;
}

/** Returns a socket connected to the embedded server for dataDir, starting one in this process if none runs. */
export async function connectEmbedded(dataDir: string, portOverride?: number): Promise<net.Socket> {
  const port = portForDataDir(dataDir, portOverride);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await connectTo(port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED") throw error;
    }
    await becomeOwner(dataDir, port);
    // Either we own it now or someone else bound it first: connect on the next pass.
  }
  throw new Error(`Could not reach or start the embedded database for ${dataDir} on port ${port}.`);
}

export function isEmbeddedOwner(dataDir: string): boolean {
  return owned.has(dataDir);
}

/** Stops serving dataDir from this process and closes PGlite cleanly (flushes to disk). */
export async function closeEmbedded(dataDir: string): Promise<void> {
  const entry = owned.get(dataDir);
  if (!entry) return;
  owned.delete(dataDir);
  await entry.gate.close();
  const db = await entry.pglite;
  await db.close();
  const file = path.join(dataDir, OWNER_FILE);
  try {
    const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as { pid: number };
    if (recorded.pid === process.pid) fs.rmSync(file);
  } catch {
    // Already gone or rewritten by a new owner: nothing to clean.
  }
}
