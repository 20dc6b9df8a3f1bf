import type { Command } from "commander";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { printResult } from "./output";
import { withDatabase } from "./program";

const CLI_ACTOR = { kind: "cli" } as const;

/** The CLI acts as an owner of the named workspace (it runs with the server's own access). */
export async function getCliContext(slug: string): Promise<Ctx> {
  const [{ db }, { findWorkspaceBySlug }] = await Promise.all([
    import("@/db/client"),
    import("@/lib/accounts/create-workspace"),
  ]);
  const workspace = await findWorkspaceBySlug(db, slug);
  if (!workspace) throw new AppError("not_found", `No workspace with the slug "${slug}".`);
  return {
    actor: CLI_ACTOR,
    workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
    role: "owner",
  };
}

export function registerAccountCommands(program: Command): void {
  program
    .command("workspace")
    .description("manage workspaces")
    .command("create")
    .description("create a workspace; prints its slug")
    .requiredOption("--slug <slug>", "URL name, e.g. ai-safety")
    .requiredOption("--name <name>", "display name")
    .action(async (options: { slug: string; name: string }) => {
      const { createWorkspace } = await import("@/lib/accounts/create-workspace");
      const workspace = await withDatabase(() => createWorkspace({ actor: CLI_ACTOR, input: options }));
      printResult({ slug: workspace.slug }, workspace.slug);
    });

  program
    .command("user")
    .description("manage users")
    .command("create")
    .description("create a user (or add an existing one) with a role in a workspace; prints the email")
    .requiredOption("--email <email>", "sign-in email")
    .requiredOption("--password <password>", "initial password (at least 8 characters)")
    .requiredOption("--workspace <slug>", "workspace slug")
    .requiredOption("--role <role>", "owner, author, reviewer or buyer")
    .option("--name <name>", "display name", "")
    .action(
      async (options: { email: string; password: string; workspace: string; role: string; name: string }) => {
        const [
          { runInTransaction },
          { grantMembership, upsertUser },
          { addMemberInput },
          { hashPassword },
          { parseInput },
        ] = await Promise.all([
          import("@/lib/transaction"),
          import("@/lib/accounts/account-rows"),
          import("@/lib/accounts/schemas"),
          import("@/lib/auth/password"),
          import("@/lib/validation"),
        ]);
        const input = parseInput(addMemberInput, options);
        const passwordHash = await hashPassword(input.password);
        const email = await withDatabase(async () => {
          const ctx = await getCliContext(options.workspace);
          return runInTransaction(ctx, async (tx) => {
            const user = await upsertUser(tx, { email: input.email, name: input.name, passwordHash });
            await grantMembership(tx, CLI_ACTOR, {
              workspaceId: ctx.workspace.id,
              userId: user.id,
              role: input.role,
            });
            return user.email;
          });
        });
        printResult({ email }, email);
      },
    );

  program
    .command("api-key")
    .description("manage API keys")
    .command("create")
    .description("create an API key acting with a role in a workspace; prints the key on the last line")
    .requiredOption("--workspace <slug>", "workspace slug")
    .requiredOption("--role <role>", "owner, author, reviewer or buyer")
    .option("--name <name>", "a name to recognise the key by", "cli")
    .action(async (options: { workspace: string; role: string; name: string }) => {
      const [{ createApiKey }, { roleInput }, { parseInput }] = await Promise.all([
        import("@/lib/accounts/api-keys"),
        import("@/lib/accounts/schemas"),
        import("@/lib/validation"),
      ]);
      const role = parseInput(roleInput, options.role);
      const key = await withDatabase(async () =>
        createApiKey({ ctx: await getCliContext(options.workspace), input: { name: options.name, role } }),
      );
      printResult({ name: key.name, role: key.role, key: key.key }, [
        `Created API key "${key.name}" (${key.role}). It is shown once:`,
        key.key,
      ]);
    });
}
