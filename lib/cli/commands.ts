import type { Command } from "commander";
import { registerAccountCommands } from "./accounts-commands";
import { registerAttackCommand } from "./attack-command";
import { registerCheckCommand } from "./check-command";
import { registerExportCommand } from "./export-command";
import { registerImportCommand } from "./import-command";
import { registerIndexCommand } from "./index-command";
import { registerJobsCommands } from "./jobs-commands";
import { registerMcpCommand } from "./mcp-command";
import { printResult } from "./output";
import { withDatabase } from "./program";
import { registerScanCommand } from "./scan-command";
import { registerValidateCommand } from "./validate-command";

/**
 * Every `studio` command, on the given program (main.ts runs it; the docs test lists it). Declaring
 * them loads nothing heavy: each action imports what it runs, so `studio --help` stays fast.
 */
export function registerCommands(program: Command): Command {
  program
    .command("migrate")
    .description("apply pending database migrations")
    .action(async () => {
      const [{ getDatabase }, { migrateDatabase }] = await Promise.all([
        import("@/db/client"),
        import("@/db/migrate"),
      ]);
      await withDatabase(() => migrateDatabase(getDatabase()));
      printResult({ migrated: true }, "Database is up to date.");
    });
  registerAccountCommands(program);
  registerImportCommand(program);
  registerIndexCommand(program);
  registerExportCommand(program);
  registerJobsCommands(program);
  registerValidateCommand(program);
  registerAttackCommand(program);
  registerScanCommand(program);
  registerCheckCommand(program);
  registerMcpCommand(program);
  return program;
}

/** The command paths a user types, e.g. "migrate", "api-key create", "jobs wait". */
export function listCommandPaths(program: Command, prefix: string[] = []): string[] {
  return program.commands.flatMap((command) => {
    const path = [...prefix, command.name()];
    return command.commands.length > 0 ? listCommandPaths(command, path) : [path.join(" ")];
  });
}
