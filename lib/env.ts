import path from "node:path";
import { z } from "zod";

// The only module that reads process.env (docs/conventions.md, Layers). Parsed once at import.
const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default(".data"),
  /** Loopback port of the embedded database server; derived from DATA_DIR when unset. */
  EMBEDDED_DB_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  /** Set when the studio is served over HTTPS, so session cookies are marked Secure. */
  SECURE_COOKIES: booleanFlag,
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Sign-in attempts allowed per account and per address in a 15-minute window. */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** Largest file an import reads, from disk (`studio import`) or in an upload. */
  IMPORT_MAX_FILE_MB: z.coerce.number().positive().default(2048),
  /** Largest upload request (web page, POST /api/v1/imports): all its files together; beyond, 413. */
  IMPORT_MAX_UPLOAD_MB: z.coerce.number().positive().default(4096),
  IMPORT_MAX_RECORD_MB: z.coerce.number().positive().default(64),
  IMPORT_MAX_ZIP_ENTRIES: z.coerce.number().int().positive().default(100_000),
  IMPORT_MAX_ZIP_RATIO: z.coerce.number().positive().default(1000),
  IMPORT_MAX_JSON_DEPTH: z.coerce.number().int().positive().default(200),
  /** Live-run batches written at once per process; more wait in line (INGEST_MAX_WAITING). */
  INGEST_MAX_ACTIVE: z.coerce.number().int().min(1).default(4),
  /** Live-run batches that may wait for a writer; beyond that the API answers 429 with Retry-After. */
  INGEST_MAX_WAITING: z.coerce.number().int().min(0).default(16),
  /** Largest live-run request (a batch of rollouts, appended messages, an OTLP export); beyond, 413. */
  INGEST_MAX_BATCH_MB: z.coerce.number().positive().default(64),
  /** Longest a page's or API request's query may run (searches, lists) before Postgres stops it. */
  INTERACTIVE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Searches one workspace may run at once; more wait in a short queue, then get 429. */
  SEARCH_CONCURRENCY_PER_WORKSPACE: z.coerce.number().int().min(1).default(4),
  /** Background jobs the web server runs at once (lib/jobs/); 0: none, leave them to `studio worker`. */
  WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  /** How often a running job proves its worker alive; four missed beats and another worker resumes it. */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  /** How often an idle worker asks for new jobs. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.1).max(60).default(1),
  /**
   * Encrypts provider API keys at rest (AES-256-GCM, key = SHA-256 of this). Unset: a random secret
   * kept in DATA_DIR/studio-secret, created on first use (fine for one machine; set it when several
   * machines share a database, and keep it: keys encrypted under another secret can't be read).
   */
  STUDIO_SECRET: z
    .string()
    .min(16, "STUDIO_SECRET needs at least 16 characters.")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** `studio mcp`: the API key the stdio MCP server acts as (unset: the command line's owner access). */
  STUDIO_API_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Skip seeding the demo workspace on first start. */
  NO_DEMO: booleanFlag,
  CI: booleanFlag,
  /** Tests: every /api/v1 JSON answer is checked against its OpenAPI response schema (a mismatch is a 500). */
  API_CHECK_RESPONSES: booleanFlag,
  /** `1` behind a reverse proxy that sets X-Forwarded-For; otherwise the socket address is the client's. */
  TRUST_PROXY: booleanFlag,
  /** bubblewrap, which sandboxes graders (lib/sandbox); without it, validation refuses to run scripts. */
  SANDBOX_BWRAP: z.string().default("/usr/bin/bwrap"),
  /** The Python 3 that sandboxed graders run (a system path: the sandbox sees /usr only). */
  SANDBOX_PYTHON: z.string().default("/usr/bin/python3"),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

function parseServerEnv(): ServerEnv {
  const parsed = serverEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    // One line, so the CLI and `npm start` print it as it is, without a stack trace.
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}

export const env = parseServerEnv();

/** Absolute path of the embedded database's data folder. */
export function resolveDataDir(): string {
  return path.resolve(env.DATA_DIR);
}

/** Names of variables that hold credentials: the studio's own and whatever the operator set for other tools. */
const CREDENTIAL_NAME =
  /(^|_)(SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|ACCESS_KEY|PRIVATE_KEY)($|_)|^DATABASE_URL$|^PGPASSWORD$/;

/**
 * The credentials in this process's environment as they are now, by variable name: DATABASE_URL (and
 * its password alone), STUDIO_SECRET, and any variable named like a secret or key. Values shorter than
 * 8 characters are left out (too common to mean anything). The sandbox refuses a run that would
 * carry one (lib/sandbox/studio-secrets.ts).
 */
export function listCredentialValues(): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const [name, value] of Object.entries(process.env)) {
    if (!value || !CREDENTIAL_NAME.test(name)) continue;
    found.push({ name, value });
    if (name === "DATABASE_URL") {
      try {
        const password = decodeURIComponent(new URL(value).password);
        if (password) found.push({ name: "DATABASE_URL's password", value: password });
      } catch {
        // Not a URL: the whole value is checked.
      }
    }
  }
  return found.filter((c) => c.value.length >= 8);
}
