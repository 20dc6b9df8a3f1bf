import { Command, CommanderError } from "commander";
import { AppError } from "@/lib/errors";
import { describeError } from "./describe-error";
import { isJsonOutput, printError, setJsonOutput } from "./output";

// Loaded by every command, `--help` included: commander and leaf modules only. What a command needs
// (the database, the domains) it imports when it runs (docs/api-and-cli.md, "Adding a command").

/** Exit codes of the CLI (docs/api-and-cli.md): 1 = the operation failed, 2 = bad usage or unreadable input. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export class CliUsageError extends Error {}

/** Runs a command body against a migrated database, then closes it (flushing the embedded one). */
export async function withDatabase<T>(run: () => Promise<T>): Promise<T> {
  const [{ closeDatabase, getDatabase }, { migrateDatabase }, { stopBoss }] = await Promise.all([
    import("@/db/client"),
    import("@/db/migrate"),
    import("@/lib/jobs/boss"),
  ]);
  try {
    await migrateDatabase(getDatabase());
    return await run();
  } finally {
    await stopBoss();
    await closeDatabase();
  }
}

export function createProgram(): Command {
  const program = new Command()
    .name("studio")
    .description(
      "Environment Studio command line. Uses DATABASE_URL when set, else the embedded database in DATA_DIR.",
    )
    .option("--json", "print one JSON document on stdout, and errors as JSON on stderr")
    .exitOverride()
    // Commander's own usage errors, as every other error is printed.
    .configureOutput({
      outputError: (text, write) =>
        isJsonOutput()
          ? write(
              `${JSON.stringify({ error: { code: "usage", message: text.replace(/^error: /, "").trim() } })}\n`,
            )
          : write(text),
    })
    .hook("preAction", (_program, command) => {
      setJsonOutput(Boolean(command.optsWithGlobals().json));
    });
  // A person gets the help after a usage error; a script reading JSON gets the error alone.
  return isJsonOutput() ? program : program.showHelpAfterError();
}

/** Prints an error the way every command does (as JSON with --json), and returns the exit code. */
export function reportError(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
  if (error instanceof CliUsageError) {
    printError("usage", error.message);
    return EXIT_USAGE;
  }
  if (error instanceof AppError) {
    printError(error.code, error.message);
    return error.code === "invalid" || error.code === "bad_request" ? EXIT_USAGE : EXIT_FAILED;
  }
  printError("failed", describeError(error));
  return EXIT_FAILED;
}
