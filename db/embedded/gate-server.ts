import type net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import {
  buildFatalError,
  buildStartupMessage,
  CANCEL_REQUEST_CODE,
  type ClientMessage,
  GSSENC_REQUEST_CODE,
  PROTOCOL_3,
  ReadyForQueryTracker,
  readStartupParameters,
  SSL_REQUEST_CODE,
  splitClientMessages,
} from "./wire";

/**
 * A Postgres-protocol server in front of one PGlite instance, so the web server, the CLI and tests
 * can share one embedded database. PGlite has a single session, so the gate runs each client's
 * batch (messages up to a Sync or a simple Query) as a unit, and while a client holds a transaction
 * open only that client's batches run. Clients must not use named prepared statements (they would
 * collide in the shared session): db/client.ts connects with `prepare: false`.
 */

/** The startup parameter a studio client sends so a server for another data folder refuses it. */
export const DATA_DIR_PARAMETER = "studio_data_dir";

type Client = { id: number; socket: net.Socket };
type Batch = { client: Client; messages: Buffer[] };

const BATCH_END_TYPES = new Set(["S", "Q", "H", "c", "f"]);

export class GateServer {
  private readonly queue: Batch[] = [];
  private transactionOwner: Client | null = null;
  private isRunning = false;
  private nextClientId = 1;
  private readonly clients = new Set<Client>();

  constructor(
    private readonly server: net.Server,
    private readonly pglite: Promise<PGlite>,
    private readonly dataDir: string,
  ) {
    server.on("connection", (socket) => this.handleConnection(socket));
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  private handleConnection(socket: net.Socket): void {
    const client: Client = { id: this.nextClientId++, socket };
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
          this.enqueue({ client, messages: pending });
          pending = [];
        }
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => void this.handleClose(client));
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
    this.enqueue({ client, messages: [buildStartupMessage(params)] });
  }

  private enqueue(batch: Batch): void {
    this.queue.push(batch);
    void this.drain();
  }

  private takeNextBatch(): Batch | undefined {
    if (!this.transactionOwner) return this.queue.shift();
    const index = this.queue.findIndex((b) => b.client === this.transactionOwner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.isRunning) return;
    this.isRunning = true;
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
      for (let batch = this.takeNextBatch(); batch; batch = this.takeNextBatch()) {
        await this.runBatch(db, batch);
      }
    } finally {
      this.isRunning = false;
    }
  }

  private async runBatch(db: PGlite, { client, messages }: Batch): Promise<void> {
    if (client.socket.destroyed) return;
    const tracker = new ReadyForQueryTracker();
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
    const status = tracker.lastStatus();
    if (status === "T" || status === "E") this.transactionOwner = client;
    else if (status === "I" && this.transactionOwner === client) this.transactionOwner = null;
  }

  private async handleClose(client: Client): Promise<void> {
    this.clients.delete(client);
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (this.queue[i].client === client) this.queue.splice(i, 1);
    if (this.transactionOwner === client) {
      // A client that vanished mid-transaction must not leave the shared session inside it.
      const db = await this.pglite;
      await db.exec("ROLLBACK");
      this.transactionOwner = null;
      void this.drain();
    }
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
