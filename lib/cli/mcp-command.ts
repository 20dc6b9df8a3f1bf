import type { Command } from "commander";
import { AppError } from "@/lib/errors";
import { getCliContext } from "./accounts-commands";
import { withDatabase } from "./program";

/**
 * `studio mcp --workspace W`: the studio's MCP server on stdio for a local coding agent, acting as
 * the API key in STUDIO_API_KEY (its role, in its workspace, which must be W), else as the command
 * line's owner access. Runs until the client closes stdin. stdout carries the protocol alone, so
 * anything else the studio would print goes to stderr.
 */
export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("serve the studio's MCP tools on stdio (as STUDIO_API_KEY when set, else as owner)")
    .requiredOption("--workspace <slug>", "workspace slug")
    .action(async (options: { workspace: string }) => {
      console.log = console.error;
      console.info = console.error;
      const [
        { env },
        { resolveApiKey },
        { StdioServerTransport },
        { createStudioMcpServer },
        { MAX_JSON_BODY_BYTES },
      ] = await Promise.all([
        import("@/lib/env"),
        import("@/lib/accounts/api-keys"),
        import("@modelcontextprotocol/sdk/server/stdio.js"),
        import("@/lib/mcp/server"),
        import("@/lib/http/read-body"),
      ]);
      await withDatabase(async () => {
        const ctx = env.STUDIO_API_KEY
          ? await resolveApiKey(env.STUDIO_API_KEY)
          : await getCliContext(options.workspace);
        if (!ctx) throw new AppError("unauthorized", "STUDIO_API_KEY is unknown or revoked.");
        if (ctx.workspace.slug !== options.workspace)
          throw new AppError(
            "invalid",
            `STUDIO_API_KEY belongs to the workspace "${ctx.workspace.slug}", not "${options.workspace}".`,
          );
        const server = createStudioMcpServer(ctx);
        // The same request-size limit as the HTTP API's JSON bodies.
        const transport = new StdioServerTransport(process.stdin, process.stdout, {
          maxBufferSize: MAX_JSON_BODY_BYTES,
        });
        const closed = new Promise<void>((resolve) => {
          transport.onclose = () => resolve();
          process.stdin.once("end", () => resolve());
        });
        await server.connect(transport);
        process.stderr.write(
          `studio mcp: serving workspace ${ctx.workspace.slug} as ${ctx.actor.kind === "api-key" ? `API key ${ctx.actor.name}` : "the command line"} (${ctx.role}) on stdio\n`,
        );
        await closed;
        await server.close();
      });
    });
}
