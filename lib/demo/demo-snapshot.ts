import {
  type EnvironmentVersionSnapshot,
  parseSnapshot,
  SNAPSHOT_FORMAT_VERSION,
} from "@/lib/exports/snapshot";
import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import { listEffectiveCriteria, pickJudgeTemplate } from "@/lib/tasks/grader-items";
import { DEMO_ENVIRONMENT, listDemoTaskInputs } from "./demo-tasks";

// The demo environment as an approved version would freeze it, without a database: for export
// conformance and validation tests. The demo tasks have text resources and no shared rubric, so
// freezing is a field-by-field mapping (lib/versions/freeze-snapshot.ts does the same from rows).

export function buildDemoSnapshot(): EnvironmentVersionSnapshot {
  return parseSnapshot({
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    environment: { ...DEMO_ENVIRONMENT, tags: DEMO_ENVIRONMENT.tags },
    version: 1,
    approvedAt: "2026-01-01T00:00:00.000Z",
    approvedBy: "Demo Owner",
    tasks: listDemoTaskInputs()
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map(({ key, input }) => {
        const criteria = listEffectiveCriteria(input, null);
        const template = pickJudgeTemplate(input, null);
        return {
          key,
          title: input.title,
          prompt: input.prompt,
          tags: input.tags,
          difficulty: input.difficulty,
          timeBudgetMinutes: input.timeBudgetMinutes,
          turnBudget: input.turnBudget,
          giveUp: input.giveUp,
          scoring: { mode: input.scoring.mode, threshold: input.scoring.threshold, bestKnownScore: null },
          resources: input.resources.map((r) => {
            if (r.kind !== "document") throw new Error(`demo task ${key} has a binary file`);
            return { kind: "document", name: r.name, mediaType: r.mediaType, content: r.content };
          }),
          answerKey: input.answerKey,
          referenceSolutions: input.referenceSolutions,
          rubric: {
            judgeTemplate:
              template.trim() !== "" || criteria.length === 0 ? template : DEFAULT_JUDGE_TEMPLATE,
            criteria,
            goldenExamples: input.goldenExamples,
          },
          checks: input.checks.map((c) => ({ ...c, config: c.config as Record<string, unknown> })),
          testScripts: input.testScripts,
        };
      }),
    samples: [],
    report: null,
  });
}
