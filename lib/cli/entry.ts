// The entry of the `studio` command (bin/studio.mjs, the bundle of scripts/build-cli.ts). It loads
// the commands (main.ts) lazily, so a configuration error raised while they load (a malformed
// DATABASE_URL, found when lib/env.ts parses the environment) prints one line instead of a stack.
import { describeError } from "./describe-error";
import { printError } from "./output";

try {
  await import("./main");
} catch (error) {
  printError("failed", describeError(error));
  process.exitCode = 1;
}
