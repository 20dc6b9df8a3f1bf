import { registerCommands } from "./commands";
import { createProgram, reportError } from "./program";

const program = registerCommands(createProgram());

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}
