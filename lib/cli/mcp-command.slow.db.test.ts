import { spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/accounts/api-keys";
import { createEnvironment } from "@/lib/environments/create-environment";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";

// `studio mcp` and `--json` as an agent or a script meets them: real processes on this run's
// database, the MCP server driven by the SDK's own stdio client.

const CLI = ["--conditions=react-server", "--import", "tsx", "lib/cli/entry.ts"];

function runCli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [...CLI, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function listEnvironmentsOverStdio(workspace: string, env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CLI, "mcp", "--workspace", workspace],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-test", version: "1" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const result = (await client.callTool({ name: "list_environments", arguments: {} })) as CallToolResult;
    const labelled = (await client.callTool({
      name: "label_rollout",
      arguments: { rolloutId: "00000000-0000-4000-8000-000000000000", verdict: "unclear" },
    })) as CallToolResult;
    const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    return { tools: tools.map((t) => t.name), environments: text(result), label: text(labelled) };
  } finally {
    await client.close();
  }
}

describe("studio mcp on stdio", () => {
  it("serves the tools as the API key in STUDIO_API_KEY, or as the command line's owner", {
    timeout: 180_000,
  }, async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    const slug = `env-${uniqueSuffix()}`;
    await createEnvironment({ ctx: owner.ctx, input: { slug, name: "Stdio" } });
    const { key: buyerKey } = await createApiKey({ ctx: owner.ctx, input: { name: "agent", role: "buyer" } });

    const asOwner = await listEnvironmentsOverStdio(workspace.slug, { STUDIO_API_KEY: "" });
    expect(asOwner.tools).toContain("label_rollout");
    expect(asOwner.environments).toContain(`"slug": "${slug}"`);
    // The command line has no reviewer identity: the verb refuses, and says what to do.
    expect(asOwner.label).toContain("error invalid: Labels need a reviewer: sign in, or use an API key.");

    const asBuyer = await listEnvironmentsOverStdio(workspace.slug, { STUDIO_API_KEY: buyerKey });
    expect(asBuyer.environments).toContain("error not_found");
  });

  it("refuses a key of another workspace, as JSON with --json", { timeout: 120_000 }, async () => {
    const mine = await createTestWorkspace();
    const other = await createTestWorkspace();
    const owner = await createTestMember(other, "owner");
    const { key } = await createApiKey({ ctx: owner.ctx, input: { name: "elsewhere", role: "author" } });
    const { status, stdout, stderr } = runCli(["mcp", "--workspace", mine.slug, "--json"], {
      STUDIO_API_KEY: key,
    });
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(JSON.parse(stderr.trim().split("\n").at(-1) ?? "")).toEqual({
      error: {
        code: "invalid",
        message: `STUDIO_API_KEY belongs to the workspace "${other.slug}", not "${mine.slug}".`,
      },
    });
  });
});

describe("--json", () => {
  it("prints one JSON document on stdout, and errors as JSON on stderr with the exit codes", {
    timeout: 180_000,
  }, () => {
    const slug = `ws-${uniqueSuffix()}`;
    const created = runCli(["--json", "workspace", "create", "--slug", slug, "--name", "Json"]);
    expect(created.status).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ slug });

    const key = runCli(["api-key", "create", "--workspace", slug, "--role", "reviewer", "--json"]);
    expect(key.status).toBe(0);
    expect(JSON.parse(key.stdout)).toMatchObject({ role: "reviewer", key: expect.stringMatching(/^es_/) });
    expect(key.stdout.trim().split("\n")).toHaveLength(1);

    const missing = runCli(["check", "nope", "--workspace", slug, "--json"]);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe("");
    expect(JSON.parse(missing.stderr.trim())).toEqual({
      error: { code: "not_found", message: 'No environment "nope" in this workspace.' },
    });

    const usage = runCli(["api-key", "create", "--workspace", slug, "--json"]);
    expect(usage.status).toBe(2);
    expect(JSON.parse(usage.stderr.trim())).toEqual({
      error: { code: "usage", message: "required option '--role <role>' not specified" },
    });

    // Without --json, the same error is one line for a person.
    const human = runCli(["check", "nope", "--workspace", slug]);
    expect(human.stderr).toBe('error: No environment "nope" in this workspace.\n');
  });
});
