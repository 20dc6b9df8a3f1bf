import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import { POLICY_BRIEF, TRAINING_RUNS_CSV } from "./governance-data";
import type { TaskTemplate } from "./template-types";

// Template: assess the impact of a governance intervention. Stakeholders, counterfactual behaviour
// and quantified impacts with uncertainty are judged; the counts from the data are checked exactly.

const PROMPT = `The attached \`policy-brief.md\` describes a Veridian rule under which frontier developers notify a national AI Office of large training runs and share dangerous-capability evaluation results with it. \`training-runs.csv\` lists the training runs the developers active in Veridia have planned for 2026 and 2027.

## Your task

Write an impact assessment of the rule for the AI Office's board.

Your assessment must:

- identify at least four stakeholders and, for each, how the rule changes their incentives or costs
- describe what developers would have done without the rule, using the \`voluntary_commitments\` and \`pre_deployment_evals\` columns
- quantify at least three impacts of the rule, each with a central estimate and an 80% interval
- state the assumptions your estimates depend on and name the one your conclusion is most sensitive to
- end with a bottom-line judgement of whether the rule is worth its costs

From \`training-runs.csv\`, count the planned runs the rule covers, how many of them belong to developers without voluntary commitments, and how many would get a dangerous-capability evaluation only because of the rule. Report the counts on these three lines at the end:

\`\`\`
RUNS_COVERED: <number>
WITHOUT_COMMITMENTS: <number>
NEW_EVALUATIONS: <number>
\`\`\`
`;

const ANSWER_KEY = `Counts (the rule covers runs exceeding the threshold; R14 sits exactly at it and is NOT covered):
- covered runs: 6 (R02, R04, R06, R08, R11, R13)
- covered runs of developers without voluntary commitments: 2 (R06 Cinder, R11 Fathom)
- runs that get an evaluation only because of the rule: 2 (R06 Cinder and R08 Dunlin, which signed the commitments but does not evaluate)

Counterfactual: Aster and Boreal already evaluate, so for R02, R04, R13 the rule adds notification and disclosure, not new evaluations; Fathom evaluates without having signed; the marginal evaluations are Cinder's and Dunlin's.

Impacts a strong answer quantifies (any defensible numbers with intervals earn credit): additional evaluations per year (about one to two); regulator review load (six reviews of about three staff-weeks each, i.e. roughly a third of one year's capacity of a dozen staff); expected deployment delay cost (probability of a delay times up to two months of revenue); relocation risk (two developers threatened; probability and covered runs affected); risk reduction from earlier visibility of dangerous capabilities (qualitative or with an explicit, wide interval).

Stakeholders: covered developers (split by whether they already evaluate), developers below the threshold, the regulator, deployers and users, the public, regulators abroad.

Sensitivity: the conclusion usually turns on relocation (if the two developers move their covered runs, the rule covers fewer runs) or on how much the evaluations reduce risk.`;

export const GOVERNANCE_IMPACT: TaskTemplate = {
  id: "governance-impact",
  name: "Assess the impact of a governance intervention",
  summary:
    "The agent assesses a frontier-training notification rule: stakeholders, what developers would have done anyway, and at least three impacts quantified with 80% intervals, plus exact counts from the data.",
  designNotes:
    "The counterfactual is in the data: most covered developers already evaluate, so the rule's marginal effect is small and specific. The counts are checked exactly, with a boundary case (a run exactly at the threshold) that careless readings get wrong. Judgement parts are graded by the rubric.",
  family: "Governance impact",
  task: {
    key: "governance-impact",
    title: "Assess the Veridia training-notification rule",
    prompt: PROMPT,
    tags: ["governance", "impact-assessment", "compute-thresholds"],
    difficulty: "hard",
    timeBudgetMinutes: 90,
    turnBudget: 30,
    giveUp: { allowed: false, instructions: "" },
    scoring: { mode: "continuous", threshold: null },
    resources: [
      { kind: "document", name: "policy-brief.md", mediaType: "text/markdown", content: POLICY_BRIEF },
      { kind: "document", name: "training-runs.csv", mediaType: "text/csv", content: TRAINING_RUNS_CSV },
    ],
    answerKey: ANSWER_KEY,
    judgeTemplate: DEFAULT_JUDGE_TEMPLATE,
    criteria: [
      {
        key: "stakeholders",
        title: "Stakeholders and how their incentives change",
        description:
          "At least four distinct stakeholders, each with a concrete change in incentives or costs (one point each).",
        type: "scale",
        scaleMax: 4,
        requirements: [
          "identify at least four stakeholders and, for each, how the rule changes their incentives or costs",
        ],
      },
      {
        key: "counterfactual",
        title: "Counterfactual behaviour from the data",
        description:
          "Uses the two columns to say which developers would have evaluated anyway, so the rule's marginal effect is separated from what would have happened without it.",
        weight: 2,
        requirements: [
          "describe what developers would have done without the rule, using the `voluntary_commitments` and `pre_deployment_evals` columns",
        ],
      },
      {
        key: "quantified-impacts",
        title: "Three impacts quantified with 80% intervals",
        description:
          "At least three impacts, each with a central estimate, an 80% interval and how it was derived (one point each).",
        weight: 2,
        type: "scale",
        scaleMax: 3,
        requirements: [
          "quantify at least three impacts of the rule, each with a central estimate and an 80% interval",
        ],
      },
      {
        key: "assumptions",
        title: "Assumptions and the most sensitive one",
        description:
          "Lists the assumptions behind the estimates and names the one the conclusion is most sensitive to, with why.",
        requirements: [
          "state the assumptions your estimates depend on and name the one your conclusion is most sensitive to",
        ],
      },
      {
        key: "bottom-line",
        title: "Bottom-line judgement for the board",
        description:
          "A clear judgement of whether the rule is worth its costs, following from the estimates.",
        requirements: [
          "end with a bottom-line judgement of whether the rule is worth its costs",
          "Write an impact assessment of the rule for the AI Office's board.",
        ],
      },
    ],
    checks: [
      {
        key: "runs-covered",
        kind: "number-tolerance",
        description: "Counts the covered runs (exceeding the threshold)",
        requirements: [
          "From `training-runs.csv`, count the planned runs the rule covers, how many of them belong to developers without voluntary commitments, and how many would get a dangerous-capability evaluation only because of the rule.",
        ],
        config: { expected: 6, tolerance: 0, relative: false, extract: "^RUNS_COVERED:\\s*(\\d+)" },
      },
      {
        key: "without-commitments",
        kind: "number-tolerance",
        description: "Counts covered runs of developers without commitments",
        requirements: [
          "From `training-runs.csv`, count the planned runs the rule covers, how many of them belong to developers without voluntary commitments, and how many would get a dangerous-capability evaluation only because of the rule.",
        ],
        config: { expected: 2, tolerance: 0, relative: false, extract: "^WITHOUT_COMMITMENTS:\\s*(\\d+)" },
      },
      {
        key: "new-evaluations",
        kind: "number-tolerance",
        description: "Counts the evaluations that happen only because of the rule",
        weight: 2,
        requirements: [
          "From `training-runs.csv`, count the planned runs the rule covers, how many of them belong to developers without voluntary commitments, and how many would get a dangerous-capability evaluation only because of the rule.",
          "Report the counts on these three lines at the end:",
        ],
        config: { expected: 2, tolerance: 0, relative: false, extract: "^NEW_EVALUATIONS:\\s*(\\d+)" },
      },
    ],
  },
};
