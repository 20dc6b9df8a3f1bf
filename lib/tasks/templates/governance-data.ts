// The fictional policy and data behind the governance template.

export const POLICY_BRIEF = `# The Veridia Frontier Training Notification Rule

**Status.** Adopted by the parliament of Veridia (a fictional country) in October 2025; in force from 1 January 2026.

## What the rule requires
1. A developer that plans a training run **exceeding 10^26 FLOP** must notify the national AI Office at least 30 days before the run starts.
2. Before deploying a model from such a run, the developer must share the results of dangerous-capability evaluations (biological, cyber-offensive and autonomous-replication) with the AI Office.
3. The AI Office may require a developer to delay deployment by up to 60 days if the results show a capability above the thresholds in the annex.
4. Fines for missing a notification or withholding results: up to 3% of global annual turnover.

## Context
- Four of the six developers active in Veridia signed the 2024 voluntary safety commitments, which include pre-deployment evaluations "where appropriate". Signatories interpret this differently: see the \`pre_deployment_evals\` column of \`training-runs.csv\`.
- The AI Office has 12 technical staff. A pre-deployment evaluation review takes it about 3 staff-weeks.
- Two developers have said publicly that they may move large training runs to other jurisdictions if the rule is "burdensome".
- Deployment of a frontier model earns its developer roughly 40–90 million in revenue per month in its first year (industry estimates, wide uncertainty).

## Columns of training-runs.csv
- \`estimated_flop\`: the developer's own estimate of training compute.
- \`voluntary_commitments\`: whether the developer signed the 2024 commitments.
- \`pre_deployment_evals\`: whether the developer already runs dangerous-capability evaluations before deployment.
`;

export const TRAINING_RUNS_CSV = `run_id,developer,planned_start,estimated_flop,voluntary_commitments,pre_deployment_evals
R01,Aster,2026-02,3e25,yes,yes
R02,Aster,2026-09,1.2e26,yes,yes
R03,Boreal,2026-03,8e25,yes,yes
R04,Boreal,2026-11,2.5e26,yes,yes
R05,Cinder,2026-04,4e25,no,no
R06,Cinder,2027-01,1.5e26,no,no
R07,Dunlin,2026-05,9e25,yes,no
R08,Dunlin,2026-12,1.1e26,yes,no
R09,Egret,2026-06,2e25,no,no
R10,Egret,2027-03,6e25,no,no
R11,Fathom,2026-07,3e26,no,yes
R12,Fathom,2027-02,9.5e25,no,yes
R13,Aster,2027-04,4e26,yes,yes
R14,Cinder,2027-06,1e26,no,no
`;
