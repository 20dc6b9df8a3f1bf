import { getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { registerAccountCommands } from "./accounts-commands";
import { registerExportCommand } from "./export-command";
import { registerImportCommand } from "./import-command";
import { registerIndexCommand } from "./index-command";
import { registerJobsCommands } from "./jobs-commands";
import { createProgram, reportError, withDatabase } from "./program";
import { registerValidateCommand } from "./validate-command";

const program = createProgram();

program
  .command("migrate")
  .description("apply pending database migrations")
  .action(async () => {
    await withDatabase(() => migrateDatabase(getDatabase()));
    console.log("Database is up to date.");
  });

registerAccountCommands(program);
registerImportCommand(program);
registerIndexCommand(program);
registerExportCommand(program);
registerJobsCommands(program);
registerValidateCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}
