import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Ctx } from "@/lib/auth/context";
import { listTaxonomy } from "@/lib/labels/taxonomy-queries";
import { orderTaxonomyTree } from "@/lib/labels/taxonomy-tree";
import { buildAuthoringGuide } from "./authoring-guide";

// Resources an agent reads to learn the studio's rules: the task authoring guide and the
// workspace's label taxonomy (the categories label_rollout accepts).

export function registerResources(server: McpServer, ctx: Ctx): void {
  server.registerResource(
    "task-authoring-guide",
    "studio://guide/task-authoring",
    {
      title: "Task authoring guide",
      description: "The rules tasks are held to, coverage findings, check kinds, and worked templates",
      mimeType: "text/markdown",
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: buildAuthoringGuide() }] }),
  );

  server.registerResource(
    "label-taxonomy",
    "studio://taxonomy",
    {
      title: "Label taxonomy",
      description: "The workspace's reward-hack and failure-mode categories (keys for label_rollout)",
      mimeType: "application/json",
    },
    async (uri) => {
      const nodes = orderTaxonomyTree(await listTaxonomy({ ctx }));
      const categories = nodes
        .filter((n) => !n.isRetired)
        .map((n) => ({
          key: n.key,
          family: n.family,
          name: n.name,
          description: n.description,
          depth: n.depth,
          ...(n.examples.length > 0 ? { examples: n.examples } : {}),
        }));
      return {
        contents: [
          { uri: uri.href, mimeType: "application/json", text: JSON.stringify(categories, null, 1) },
        ],
      };
    },
  );
}
