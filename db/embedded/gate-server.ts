import type net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import {
  buildFatalError,
  buildQueryMessage,
  buildStartupMessage,
  CANCEL_REQUEST_CODE,
  type ClientMessage,
  GSSENC_REQUEST_CODE,
  PROTOCOL_3,
  ReadyForQueryTracker,
  readStartupParameters,
  SSL_REQUEST_CODE,
  SYNC_MESSAGE,
  splitClientMessages,
} from "./wire";

/**
 * A Postgres-protocol server in front of one PGlite instance, so the web server, the CLI and tests
 * can share one embedded database. PGlite has a single session, so clients take turns on it.
 *
 * A turn is a whole exchange, not a batch of messages: it starts with a client's first message and
 * lasts until the session answers ReadyForQuery with status idle. So a client keeps the session
 * across a Flush (postgres.js sends Parse/Describe/Flush, reads the parameter types, then sends
 * Bind/Execute/Sync for the same unnamed statement, which another client's Parse would replace)
 * and for as long as it holds a transaction open. Waiting clients are served in arrival order.
 *
 * Fairness: a turn holder that stays silent for `idleTimeoutMs` while others wait (a transaction or
 * an exchange left open), or keeps others waiting more than `maxWaitMs` in all, loses its
 * connection with an error, as Postgres's idle_in_transaction_session_timeout would end it; its
 * transaction is rolled back and the next client goes. Clients must not use named prepared
 * statements (they would collide in the shared session): db/client.ts connects with `prepare: false`.
 */

/** The startup parameter a studio client sends so a server for another data folder refuses it. */
export const DATA_DIR_PARAMETER = "studio_data_dir";

export type GateOptions = {
  /** How long the turn holder may stay silent while another client waits. */
  idleTimeoutMs?: number;
  /** How long any client may wait for a turn holder that keeps the session busy. */
  maxWaitMs?: number;
};

export const DEFAULT_GATE_OPTIONS: Required<GateOptions> = { idleTimeoutMs: 30_000, maxWaitMs: 300_000 };

type Client = { id: number; socket: net.Socket; closed: boolean; lastActiveAt: number };
type Batch = { client: Client; messages: Buffer[]; queuedAt: number };

/** Messages after which the client waits for an answer: the gate runs what it has so far. */
const BATCH_END_TYPES = new Set(["S", "Q", "H", "c", "f"]);

export class GateServer {
  private readonly queue: Batch[] = [];
  /** The client whose exchange or transaction is open on the session; only its batches run. */
  private turnOwner: Client | null = null;
  private isRunning = false;
  private isClosed = false;
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private nextClientId = 1;
  private readonly clients = new Set<Client>();
  private readonly options: Required<GateOptions>;

  constructor(
    private readonly server: net.Server,
    private readonly pglite: Promise<PGlite>,
    private readonly dataDir: string,
    options: GateOptions = {},
  ) {
    this.options = { ...DEFAULT_GATE_OPTIONS, ...options };
    server.on("connection", (socket) => this.handleConnection(socket));
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  private handleConnection(socket: net.Socket): void {
    const client: Client = { id: this.nextClientId++, socket, closed: false, lastActiveAt: Date.now() };
    this.clients.add(client);
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let isStartupPhase = true;
    let pending: Buffer[] = [];

    socket.on("data", (data) => {
      buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
      const { messages, rest } = splitClientMessages(buffer, () => isStartupPhase);
      buffer = Buffer.from(rest);
      for (const message of messages) {
        if (message.kind === "untyped") {
          if (message.code === PROTOCOL_3) isStartupPhase = false;
          this.handleUntyped(client, message);
          continue;
        }
        if (message.type === "X") {
          socket.end();
          return;
        }
        pending.push(message.bytes);
        if (BATCH_END_TYPES.has(message.type)) {
          this.enqueue({ client, messages: pending, queuedAt: Date.now() });
          pending = [];
        }
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.handleClose(client));
  }

  private handleUntyped(client: Client, message: Extract<ClientMessage, { kind: "untyped" }>): void {
    if (message.code === SSL_REQUEST_CODE || message.code === GSSENC_REQUEST_CODE) {
      client.socket.write("N");
      return;
    }
    if (message.code === CANCEL_REQUEST_CODE) {
      client.socket.end();
      return;
    }
    const params = readStartupParameters(message.bytes);
    const requested = params.get(DATA_DIR_PARAMETER);
    if (requested !== undefined && requested !== this.dataDir) {
      client.socket.end(
        buildFatalError(`This embedded database serves ${this.dataDir}, not ${requested}. Set DATA_DIR.`),
      );
      return;
    }
    params.delete(DATA_DIR_PARAMETER);
    this.enqueue({ client, messages: [buildStartupMessage(params)], queuedAt: Date.now() });
  }

  private enqueue(batch: Batch): void {
    this.queue.push(batch);
    void this.drain();
  }

  /** The batch of another client than the turn holder that has waited longest, if any waits. */
  private longestWaiting(owner: Client): Batch | undefined {
    return this.queue.find((b) => b.client !== owner);
  }

  /** Why the turn holder must give the session up now, or null while it may keep it. */
  private starvationReason(owner: Client): string | null {
    const waiting = this.longestWaiting(owner);
    if (!waiting) return null;
    const now = Date.now();
    const waited = now - waiting.queuedAt;
    const ownerIsIdle = !this.queue.some((b) => b.client === owner);
    const { idleTimeoutMs, maxWaitMs } = this.options;
    if (ownerIsIdle && now - owner.lastActiveAt >= idleTimeoutMs) {
      return `it left a transaction or query open and idle for ${Math.round((now - owner.lastActiveAt) / 1000)} s while other clients waited`;
    }
    if (waited >= maxWaitMs) {
      return `it kept the embedded database busy while another client waited ${Math.round(waited / 1000)} s`;
    }
    return null;
  }

  private takeNextBatch(): Batch | undefined {
    if (!this.turnOwner) return this.queue.shift();
    const index = this.queue.findIndex((b) => b.client === this.turnOwner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private drain(): Promise<void> {
    if (this.isRunning || this.isClosed) return this.running;
    this.isRunning = true;
    this.running = this.runQueue();
    return this.running;
  }

  private async runQueue(): Promise<void> {
    this.clearTimer();
    try {
      let db: PGlite;
      try {
        db = await this.pglite;
      } catch (error) {
        // The data folder could not be opened: tell every waiting client why, instead of hanging.
        const message = `The embedded database in ${this.dataDir} could not be opened: ${(error as Error).message}`;
        for (const { client } of this.queue.splice(0)) client.socket.end(buildFatalError(message));
        return;
      }
      while (!this.isClosed) {
        const owner = this.turnOwner;
        if (owner?.closed) {
          await this.endTurn(db, owner);
          continue;
        }
        const reason = owner && this.starvationReason(owner);
        if (owner && reason) {
          owner.socket.end(
            buildFatalError(`The embedded database ended this connection: ${reason}.`, "25P03"),
          );
          this.dropClient(owner);
          await this.endTurn(db, owner);
          continue;
        }
        const batch = this.takeNextBatch();
        if (!batch) break;
        await this.runBatch(db, batch);
      }
    } finally {
      this.isRunning = false;
    }
    this.scheduleFairnessCheck();
  }

  private async runBatch(db: PGlite, { client, messages }: Batch): Promise<void> {
    if (client.closed) return;
    const tracker = new ReadyForQueryTracker();
    this.turnOwner = client;
    await db.runExclusive(async () => {
      for (const message of messages) {
        await db.execProtocolRawStream(new Uint8Array(message), {
          onRawData: (chunk) => {
            tracker.push(chunk);
            if (!client.socket.destroyed) client.socket.write(Buffer.from(chunk));
          },
        });
      }
    });
    client.lastActiveAt = Date.now();
    // The turn ends only when the session is idle again: not after a Flush (no ReadyForQuery yet),
    // nor inside a transaction block ('T') or a failed one ('E').
    if (tracker.lastStatus() === "I") this.turnOwner = null;
  }

  /**
   * Leaves the session as a new client expects it after a turn holder went away mid-turn: ends any
   * extended-protocol exchange (Sync) and rolls back an open transaction.
   */
  private async endTurn(db: PGlite, owner: Client): Promise<void> {
    await db.runExclusive(async () => {
      const tracker = new ReadyForQueryTracker();
      const onRawData = (chunk: Uint8Array) => tracker.push(chunk);
      await db.execProtocolRawStream(SYNC_MESSAGE, { onRawData });
      if (tracker.lastStatus() !== "I") {
        await db.execProtocolRawStream(buildQueryMessage("ROLLBACK"), { onRawData: () => {} });
      }
    });
    if (this.turnOwner === owner) this.turnOwner = null;
  }

  private scheduleFairnessCheck(): void {
    const owner = this.turnOwner;
    const oldest = owner && this.longestWaiting(owner);
    if (!owner || !oldest || this.isRunning || this.isClosed) return;
    const now = Date.now();
    const idleDeadline = owner.lastActiveAt + this.options.idleTimeoutMs;
    const waitDeadline = oldest.queuedAt + this.options.maxWaitMs;
    const delay = Math.max(0, Math.min(idleDeadline, waitDeadline) - now) + 5;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, delay);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Forgets a client's queued batches; the drain loop resets the session if it held the turn. */
  private dropClient(client: Client): void {
    client.closed = true;
    this.clients.delete(client);
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (this.queue[i].client === client) this.queue.splice(i, 1);
  }

  private handleClose(client: Client): void {
    this.dropClient(client);
    // A client that vanished mid-turn must not leave the shared session inside its transaction.
    if (this.turnOwner === client) void this.drain();
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.clearTimer();
    await this.running;
    for (const client of this.clients) client.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
