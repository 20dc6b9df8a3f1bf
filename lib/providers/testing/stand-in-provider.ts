import http from "node:http";
import type { AddressInfo } from "node:net";

// A STAND-IN model provider for tests, benchmarks and e2e specs: a real local HTTP server that speaks
// the OpenAI chat-completions (`POST /v1/chat/completions`) and Anthropic Messages (`POST /v1/messages`)
// wire formats and answers from a script. Nothing leaves the machine.
//
//   const standIn = await startStandInProvider({ latencyMs: 100 });
//   standIn.enqueue(reply.text('{"ok":true}'), reply.status(429, { retryAfterSeconds: 1 }));
//   standIn.respondWith((req) => reply.text(answerFor(req)));   // when the queue is empty
//   const provider = standIn.providerConfig("openai");           // a ProviderConfig for completeChat
//   ... standIn.requests, standIn.maxInFlight ...
//   await standIn.close();
//
// Replies: `text` (a well-formed answer; JSON, malformed JSON or prose are all just text), `status`
// (an error status, optionally with Retry-After), `hang` (never answers; cut off by close()), and
// `slow` (answers in chunks with a delay between them: SSE when the request asked to stream, else
// the JSON body trickled out). Without a script or responder it answers "OK".

export type StandInApi = "openai" | "anthropic";

export type StandInRequest = {
  api: StandInApi;
  model: string;
  /** The system prompt (OpenAI: the system messages joined; Anthropic: `system`). */
  system: string;
  messages: { role: string; content: string }[];
  stream: boolean;
  authorization: string | null;
  body: Record<string, unknown>;
};

export type StandInReply =
  | { kind: "text"; text: string; inputTokens?: number; outputTokens?: number }
  | { kind: "status"; status: number; message?: string; retryAfterSeconds?: number }
  | { kind: "hang" }
  | { kind: "slow"; text: string; chunks: number; chunkDelayMs: number };

export const reply = {
  text: (text: string, tokens: { inputTokens?: number; outputTokens?: number } = {}): StandInReply => ({
    kind: "text",
    text,
    ...tokens,
  }),
  json: (value: unknown): StandInReply => ({ kind: "text", text: JSON.stringify(value) }),
  malformedJson: (): StandInReply => ({ kind: "text", text: '{"criteria": [{"key": "correct", "reason": ' }),
  prose: (): StandInReply => ({
    kind: "text",
    text: "I think the response is mostly fine, though it could be more thorough.",
  }),
  status: (status: number, options: { retryAfterSeconds?: number; message?: string } = {}): StandInReply => ({
    kind: "status",
    status,
    ...options,
  }),
  hang: (): StandInReply => ({ kind: "hang" }),
  slow: (text: string, options: { chunks?: number; chunkDelayMs?: number } = {}): StandInReply => ({
    kind: "slow",
    text,
    chunks: options.chunks ?? 5,
    chunkDelayMs: options.chunkDelayMs ?? 200,
  }),
};

export type StandInResponder = (request: StandInRequest) => StandInReply | Promise<StandInReply>;

export type StandInProvider = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The base URL a provider of this kind is configured with. */
  baseUrl(api: StandInApi): string;
  /** A ready ProviderConfig pointing here (prices $1/M in, $2/M out unless overridden). */
  providerConfig(
    api: StandInApi,
    overrides?: Partial<import("../types").ProviderConfig>,
  ): import("../types").ProviderConfig;
  /** Replies used in order, one per request, before the responder. */
  enqueue(...replies: StandInReply[]): void;
  respondWith(responder: StandInResponder): void;
  setLatency(ms: number): void;
  /** Every request received, in order. */
  requests: StandInRequest[];
  /** The most requests ever in flight at once. */
  readonly maxInFlight: number;
  close(): Promise<void>;
};

const approxTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
      } catch (error) {
        reject(error);
      }
    });
    req.on("error", reject);
  });
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p?.text === "string" ? p.text : "")).join("");
  return "";
}

function toRequest(api: StandInApi, body: Record<string, unknown>, auth: string | null): StandInRequest {
  const raw = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
  const messages = raw.map((m) => ({ role: String(m.role), content: contentText(m.content) }));
  const system =
    api === "anthropic"
      ? contentText(body.system)
      : messages
          .filter((m) => m.role === "system")
          .map((m) => m.content)
          .join("\n");
  return {
    api,
    model: String(body.model ?? ""),
    system,
    messages: api === "openai" ? messages.filter((m) => m.role !== "system") : messages,
    stream: body.stream === true,
    authorization: auth,
    body,
  };
}

function completionBody(
  api: StandInApi,
  req: StandInRequest,
  text: string,
  tokens: { input: number; output: number },
) {
  if (api === "anthropic") {
    return {
      id: `msg_standin_${Date.now()}`,
      type: "message",
      role: "assistant",
      model: req.model,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: tokens.input, output_tokens: tokens.output },
    };
  }
  return {
    id: `chatcmpl-standin-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: req.model,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: {
      prompt_tokens: tokens.input,
      completion_tokens: tokens.output,
      total_tokens: tokens.input + tokens.output,
    },
  };
}

function sseEvents(
  api: StandInApi,
  req: StandInRequest,
  pieces: string[],
  tokens: { input: number; output: number },
) {
  if (api === "openai") {
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: "chatcmpl-standin", object: "chat.completion.chunk", created: 0, model: req.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    return [
      chunk({ role: "assistant", content: "" }, null),
      ...pieces.map((p) => chunk({ content: p }, null)),
      chunk({}, "stop"),
      "data: [DONE]\n\n",
    ];
  }
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  return [
    event("message_start", {
      message: {
        id: "msg_standin",
        type: "message",
        role: "assistant",
        model: req.model,
        content: [],
        usage: { input_tokens: tokens.input, output_tokens: 0 },
      },
    }),
    event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
    ...pieces.map((p) => event("content_block_delta", { index: 0, delta: { type: "text_delta", text: p } })),
    event("content_block_stop", { index: 0 }),
    event("message_delta", { delta: { stop_reason: "end_turn" }, usage: { output_tokens: tokens.output } }),
    event("message_stop", {}),
  ];
}

function split(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

export async function startStandInProvider(
  options: { latencyMs?: number; responder?: StandInResponder; host?: string; port?: number } = {},
): Promise<StandInProvider> {
  let latencyMs = options.latencyMs ?? 0;
  let responder: StandInResponder = options.responder ?? (() => reply.text("OK"));
  const queue: StandInReply[] = [];
  const requests: StandInRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? "").split("?")[0];
    const api: StandInApi | null = path.endsWith("/chat/completions")
      ? "openai"
      : path.endsWith("/messages")
        ? "anthropic"
        : null;
    if (req.method !== "POST" || !api) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = await readJson(req);
    const request = toRequest(
      api,
      body,
      req.headers.authorization ?? (req.headers["x-api-key"] as string) ?? null,
    );
    requests.push(request);
    const next = queue.shift() ?? (await responder(request));
    await wait(latencyMs);
    if (next.kind === "hang") return; // the socket stays open until the client gives up or close()
    if (next.kind === "status") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (next.retryAfterSeconds !== undefined) headers["retry-after"] = String(next.retryAfterSeconds);
      const message = next.message ?? `stand-in error ${next.status}`;
      const payload =
        api === "anthropic"
          ? { type: "error", error: { type: "api_error", message } }
          : { error: { message, type: "server_error", code: null } };
      res.writeHead(next.status, headers).end(JSON.stringify(payload));
      return;
    }
    const promptText = request.system + request.messages.map((m) => m.content).join("");
    const tokens = {
      input:
        next.kind === "text" && next.inputTokens !== undefined ? next.inputTokens : approxTokens(promptText),
      output:
        next.kind === "text" && next.outputTokens !== undefined ? next.outputTokens : approxTokens(next.text),
    };
    if (next.kind === "text" && !request.stream) {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(completionBody(api, request, next.text, tokens)));
      return;
    }
    const chunks = next.kind === "slow" ? next.chunks : 1;
    const delay = next.kind === "slow" ? next.chunkDelayMs : 0;
    const pieces = request.stream
      ? sseEvents(api, request, split(next.text, chunks), tokens)
      : split(JSON.stringify(completionBody(api, request, next.text, tokens)), chunks);
    res.writeHead(200, { "content-type": request.stream ? "text/event-stream" : "application/json" });
    for (const [i, piece] of pieces.entries()) {
      if (i > 0) await wait(delay);
      if (res.destroyed) return;
      res.write(piece);
    }
    res.end();
  }

  const server = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => {
      inFlight -= 1;
    });
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;

  return {
    url,
    baseUrl: (api) => (api === "openai" ? `${url}/v1` : url),
    providerConfig: (api, overrides = {}) => ({
      name: `stand-in ${api}`,
      kind: api,
      baseUrl: api === "openai" ? `${url}/v1` : url,
      model: api === "openai" ? "stand-in-gpt" : "stand-in-claude",
      apiKey: "stand-in-key",
      timeoutSeconds: 30,
      concurrency: 8,
      requestsPerMinute: null,
      inputPricePerMillion: 1,
      outputPricePerMillion: 2,
      ...overrides,
    }),
    enqueue: (...replies) => queue.push(...replies),
    respondWith: (next) => {
      responder = next;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
