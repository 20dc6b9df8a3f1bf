// How the CLI words an error: one line. A leaf module (no database or environment imports), so the
// entry can use it even when loading the commands failed.

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ECONNRESET",
]);

/** One line for any error: a database that can't be reached says so instead of an empty message. */
export function describeError(error: unknown): string {
  // The connection failure may sit under a query error's cause, or inside an AggregateError.
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 6; ) {
    chain.push(current);
    current = current instanceof AggregateError ? current.errors[0] : (current as { cause?: unknown }).cause;
  }
  const failure = chain.find((e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === "string" && CONNECTION_CODES.has(code);
  }) as { code: string; message?: string } | undefined;
  if (failure) {
    const detail = failure.message ? `: ${failure.message}` : "";
    return `cannot reach the database (${failure.code}${detail}); check DATABASE_URL, or unset it to use the embedded database`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n").filter(Boolean).join(" ") || "unknown error";
}
