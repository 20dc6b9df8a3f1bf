import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/db/client";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { toJobOutput } from "@/lib/jobs/queries";
import { parseInput } from "@/lib/validation";
import { llmScanJob } from "./llm-scan-job";
import { findDeployedLlmScanner, findLatestLlmScanner, getLlmScannerVersion } from "./llm-versions";
import { type StartLlmScanInput, startLlmScanInput } from "./schemas";

// Starts an LLM scanner job from the Scanners page, the API or the CLI: calibrate a version (default
// the latest) against reviewers' labels, or run the deployed version over the rollouts it hasn't
// answered. The same request twice while the first is still queued returns the queued job.

export async function startLlmScan({ ctx, input }: { ctx: Ctx; input: StartLlmScanInput }) {
  assertCan(ctx, "scanners.llm");
  const data = parseInput(startLlmScanInput, input);
  const version =
    data.purpose === "run"
      ? await findDeployedLlmScanner(ctx.workspace.id)
      : data.versionId
        ? await getLlmScannerVersion(db, ctx, data.versionId)
        : await findLatestLlmScanner(ctx.workspace.id);
  if (!version)
    throw new AppError(
      "conflict",
      data.purpose === "run"
        ? "No LLM scanner version is deployed: configure one, calibrate it and deploy it first."
        : "No LLM scanner is configured: pick a provider on the Scanners page first.",
    );
  const filter = Object.fromEntries(
    Object.entries(data.filter).filter(
      ([key, value]) => value !== "" && key !== "cursor" && key !== "limit" && key !== "sort",
    ),
  );
  const key = createHash("sha256")
    .update(JSON.stringify([version.id, data.purpose, Object.entries(filter).sort()]))
    .digest("hex")
    .slice(0, 32);
  const job = await enqueueJob({
    ctx,
    kind: llmScanJob,
    payload: { versionId: version.id, purpose: data.purpose, filter },
    key,
  });
  return { job: toJobOutput(job), version: version.version, versionId: version.id };
}
