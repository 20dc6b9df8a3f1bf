// The one model every transcript importer maps into. Importers are pure: they read files and yield
// `ParsedRecord`s; `lib/imports/run-import.ts` stores them. Nothing here touches the database.

export const IMPORT_FORMATS = [
  "openai",
  "anthropic",
  "inspect",
  "verifiers",
  "atif",
  "swe-agent",
  "openhands",
  "karotte",
  "langfuse",
  "codex",
  "gemini-cli",
  "tau2",
  "acp",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export type MessageRole = "system" | "user" | "assistant" | "tool";

// The JSON shapes stored in message columns live with the schema; importers produce them.
import type { MessagePart, TokenCounts, ToolCall } from "@/lib/values/message-json";

export type { MessagePart, TokenCounts, ToolCall };

export type NormalizedMessage = {
  role: MessageRole;
  /** All text of the message, parts joined with blank lines; what search and span labels index into. */
  text: string;
  /** Non-text parts (images, files, other blocks); omitted when the message is plain text. */
  parts?: MessagePart[];
  reasoning?: string | null;
  toolCalls?: ToolCall[];
  /** On a tool result: the id of the call it answers (must match a ToolCall.id earlier in the rollout). */
  toolCallId?: string | null;
  toolName?: string | null;
  /** A tool error or a model/API error attached to this message. */
  error?: string | null;
  tokens?: TokenCounts | null;
  model?: string | null;
  /** ISO 8601 when the format has a timestamp. */
  createdAt?: string | null;
  metadata?: Record<string, unknown>;
};

/** `running` only for a live run's rollout that is still receiving messages. */
export type RolloutStatus = "completed" | "error" | "truncated" | "running";

export type NormalizedRollout = {
  /** The id the source gives this attempt (sample id + epoch, trajectory id, trace id). */
  externalId?: string | null;
  /** A live run's training step or checkpoint. */
  step?: number | null;
  /** The key used to link the rollout to a task of an environment (see each format's note). */
  taskKey?: string | null;
  model?: string | null;
  harness?: string | null;
  /** The scalar reward, when the source has one. */
  reward?: number | null;
  /**
   * Why the reward is empty or was picked among several named scores (a scorer with several named
   * values and no declared metric); the import summary lists it per file, with the way out.
   */
  rewardNote?: string | null;
  /** Per-criterion or per-scorer scores that are numbers. */
  scores?: Record<string, number>;
  status: RolloutStatus;
  error?: string | null;
  messages: NormalizedMessage[];
  metadata: Record<string, unknown>;
  /** The source record, kept for fidelity (large binary blobs may be elided with a marker). */
  original: unknown;
  startedAt?: string | null;
  endedAt?: string | null;
};

/**
 * One item an importer yields: a rollout, the reason a record could not be imported, or records the
 * format writes beside its transcript (bookkeeping lines of unknown or unused types), counted by type.
 */
export type ParsedRecord =
  | { kind: "rollout"; file: string; record: number; line?: number; rollout: NormalizedRollout }
  | { kind: "error"; file: string; record?: number; line?: number; message: string }
  | {
      kind: "skipped";
      file: string;
      record?: undefined;
      line?: undefined;
      /** The record type, as the file names it ("attachment", "queue-operation"). */
      type: string;
      count: number;
      message?: undefined;
    };

export type ImportLimits = {
  maxFileBytes: number;
  maxRecordBytes: number;
  maxZipEntries: number;
  /** Largest allowed uncompressed/compressed ratio of a zip entry (zip-bomb guard). */
  maxZipRatio: number;
  maxJsonDepth: number;
};

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFileBytes: 2 * 1024 ** 3,
  maxRecordBytes: 64 * 1024 ** 2,
  maxZipEntries: 100_000,
  maxZipRatio: 1000,
  maxJsonDepth: 200,
};

/** A file on disk to import; siblings (e.g. verifiers `metadata.json`) are looked up beside it. */
export type ImportSource = { path: string; name: string };

/**
 * What a detector sees: the file name and its first bytes (up to 64 KiB); for one JSON document
 * longer than that, also its top level read streaming through the file (keys anywhere, short values).
 */
export type FormatSample = {
  name: string;
  head: Buffer;
  topLevel?: { keys: string[]; values: Record<string, string | number | boolean | null> };
};

export type FormatImporter = {
  format: ImportFormat;
  label: string;
  /** 0 when the sample is not this format; higher is a stronger match (max 100). */
  detect(sample: FormatSample): number;
  parse(source: ImportSource, limits: ImportLimits): AsyncIterable<ParsedRecord>;
};
