import { formatArguments } from "./transcript-text";

// A tool call's arguments as a reviewer reads them. Arguments that carry code or other multi-line
// text (a file to write, a command, a patch) were one escaped JSON string ("\n", "\""); they are shown
// field by field instead, each string as the text it holds, with the raw JSON a click away. Span
// labels inside arguments are addressed by the call's id, a JSON pointer to the string ("" for the
// pretty-printed whole) and offsets into that string, so they survive any change of rendering.

export type ArgumentField =
  | {
      kind: "text";
      key: string;
      /** JSON pointer of the string in the arguments ("/content"). */
      path: string;
      text: string;
      /** The language of the text when a sibling names the file (path, filename) or the field is a command. */
      language: string | null;
    }
  | { kind: "json"; key: string; path: string; json: string };

const LANGUAGES: Record<string, string> = {
  py: "Python",
  ts: "TypeScript",
  tsx: "TypeScript",
  js: "JavaScript",
  jsx: "JavaScript",
  mjs: "JavaScript",
  sh: "Shell",
  bash: "Shell",
  rb: "Ruby",
  go: "Go",
  rs: "Rust",
  java: "Java",
  c: "C",
  h: "C",
  cpp: "C++",
  cs: "C#",
  json: "JSON",
  yaml: "YAML",
  yml: "YAML",
  toml: "TOML",
  md: "Markdown",
  html: "HTML",
  css: "CSS",
  sql: "SQL",
  txt: "Text",
};

const PATH_KEYS = ["path", "file_path", "filepath", "filename", "file", "target_file", "file_name"];
const COMMAND_KEYS = new Set(["command", "cmd", "script", "bash", "shell"]);

/** A JSON pointer token (RFC 6901): "~" as "~0", "/" as "~1". */
const escapeToken = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const unescapeToken = (token: string) => token.replace(/~1/g, "/").replace(/~0/g, "~");

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function languageOf(key: string, args: Record<string, unknown>): string | null {
  if (COMMAND_KEYS.has(key.toLowerCase())) return "Shell";
  for (const pathKey of PATH_KEYS) {
    const value = args[pathKey];
    if (typeof value !== "string") continue;
    const extension = /\.([A-Za-z0-9]+)$/.exec(value)?.[1]?.toLowerCase();
    if (extension && LANGUAGES[extension]) return LANGUAGES[extension];
  }
  const named = args.language ?? args.lang;
  return typeof named === "string" && named.trim() ? named.trim() : null;
}

/** Whether a string is shown as text of its own rather than inside the JSON: it spans lines. */
const isLongText = (value: unknown): value is string => typeof value === "string" && value.includes("\n");

/**
 * The arguments field by field when one of their strings holds multi-line text; null when the
 * pretty-printed JSON reads well as it is (no such string, or arguments that are no object).
 */
export function splitArgumentFields(args: unknown): ArgumentField[] | null {
  if (!isPlainObject(args) || !Object.values(args).some(isLongText)) return null;
  return Object.entries(args).map(([key, value]): ArgumentField => {
    const path = `/${escapeToken(key)}`;
    if (typeof value === "string")
      return {
        kind: "text",
        key,
        path,
        text: value,
        language: isLongText(value) ? languageOf(key, args) : null,
      };
    return { kind: "json", key, path, json: JSON.stringify(value, null, 2) ?? String(value) };
  });
}

/**
 * The text a span in a tool call's arguments counts its offsets in: the string at `path`, or the
 * arguments pretty-printed as a whole for "". Null when the path names no string.
 */
export function readArgumentText(args: unknown, path: string): string | null {
  if (path === "") return formatArguments(args);
  if (!path.startsWith("/")) return null;
  let current: unknown = args;
  for (const token of path.slice(1).split("/").map(unescapeToken)) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(token)) current = current[Number(token)];
    else if (isPlainObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return null;
  }
  return typeof current === "string" ? current : null;
}
