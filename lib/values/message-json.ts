// Shapes of the JSON columns of `messages` (written by lib/imports, read by the transcript viewer).

export type ToolCall = {
  /** The id the format gives the call; synthesized (`call-<message>-<n>`) when the format has none. */
  id: string;
  name: string;
  /** Parsed arguments (an object for well-formed JSON); the raw string when it does not parse. */
  arguments: unknown;
};

export type MessagePart =
  | { type: "text"; text: string }
  | { type: "image"; url?: string; mediaType?: string; dataBytes?: number }
  | { type: "file"; name?: string; mediaType?: string; url?: string }
  | { type: "other"; kind: string; summary?: string };

export type TokenCounts = { input?: number; output?: number; reasoning?: number; total?: number };
