// How a command prints its result (docs/api-and-cli.md): with `--json`, one JSON document on
// stdout and errors as JSON on stderr; otherwise the lines a person reads. A leaf module: the entry
// uses it even when loading the commands failed.

let isJson = process.argv.slice(2).includes("--json");

export function setJsonOutput(on: boolean): void {
  isJson = on;
  // Whatever else would print on stdout (a library's console.log) goes to stderr: stdout holds the document.
  if (on) {
    console.log = console.error;
    console.info = console.error;
  }
}

export function isJsonOutput(): boolean {
  return isJson;
}

/** The command's result: with --json (or when it has no human form) its JSON alone on stdout. */
export function printResult(json: unknown, human?: string | string[]): void {
  if (isJson || human === undefined) {
    process.stdout.write(`${JSON.stringify(json)}\n`);
    return;
  }
  for (const line of [human].flat()) process.stdout.write(`${line}\n`);
}

/** An error on stderr: `{"error":{"code","message"}}` with --json, else one line starting with `error:`. */
export function printError(code: string, message: string): void {
  process.stderr.write(isJson ? `${JSON.stringify({ error: { code, message } })}\n` : `error: ${message}\n`);
}
