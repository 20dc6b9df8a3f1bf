import fs from "node:fs";
import type { Cookie, Page } from "@playwright/test";
import { connectDatabase } from "@/db/client";
import { createSecretToken, hashToken } from "@/lib/auth/tokens";
import { DEMO_PASSWORD, DEMO_USERS, DEMO_WORKSPACE } from "@/lib/demo/demo-accounts";
import type { Role } from "@/lib/permissions/rules";
import { E2E_DATABASE_FILE } from "./database-file";
import { seedDemoOnce } from "./demo-seed";
import { test as base, expect } from "./fixtures";

// The demo that `npm start` seeds, in the e2e database: for specs that look at every page with real
// data (accessibility). It is seeded by `seedDemoOnce` (one lock for every spec that walks the demo),
// and only read by these specs: they sign in as the demo accounts and change nothing a newcomer
// would see.

/** Ids of the demo's objects, to build the URL of each page. */
export type DemoIds = {
  environment: string;
  taskKey: string;
  rubricId: string;
  judgeId: string;
  /** A rollout with reward-hack flags and labels. */
  flaggedRolloutId: string;
  /** The longest demo transcript (the long agentic run). */
  longRolloutId: string;
  otherRolloutId: string;
  runId: string;
  liveRunId: string;
  queueId: string;
  sampleId: string;
  /** A pending invite and a public datasheet link made for this worker (their tokens are shown once). */
  inviteToken: string;
  datasheetToken: string;
};

async function loadDemo(): Promise<DemoIds> {
  const url = fs.readFileSync(E2E_DATABASE_FILE, "utf8").trim();
  const database = connectDatabase({ url });
  const { sql, close } = database;
  try {
    await seedDemoOnce(database);
    const one = async (query: Promise<Record<string, unknown>[]>, what: string): Promise<string> => {
      const [row] = await query;
      if (!row) throw new Error(`the demo has no ${what}`);
      return String(Object.values(row)[0]);
    };
    const [ws] = await sql`select id from workspaces where slug = ${DEMO_WORKSPACE.slug}`;
    const w = ws.id as string;
    const [env] = await sql`select id, slug from environments where workspace_id = ${w} limit 1`;
    const environment = env.slug as string;
    const inviteToken = createSecretToken();
    const datasheetToken = createSecretToken();
    await sql`insert into invites (workspace_id, email, role, token_hash, expires_at)
      values (${w}, ${`invitee-${Date.now()}@e2e.studio`}, 'reviewer', ${hashToken(inviteToken)}, now() + interval '1 day')`;
    await sql`insert into datasheet_links (workspace_id, environment_id, token_hash)
      values (${w}, ${env.id as string}, ${hashToken(datasheetToken)})`;
    return {
      inviteToken,
      datasheetToken,
      environment,
      taskKey: await one(
        sql`select t.key from tasks t join environments e on e.id = t.environment_id
        where e.workspace_id = ${w} and e.slug = ${environment} order by t.key limit 1`,
        "task",
      ),
      rubricId: await one(
        sql`select r.id from rubrics r join environments e on e.id = r.environment_id
        where e.workspace_id = ${w} limit 1`,
        "rubric",
      ),
      judgeId: await one(sql`select id from judges where workspace_id = ${w} limit 1`, "judge"),
      flaggedRolloutId: await one(
        sql`select r.id from rollouts r join flags f on f.rollout_id = r.id
        where r.workspace_id = ${w} order by r.message_count desc limit 1`,
        "flagged rollout",
      ),
      longRolloutId: await one(
        sql`select id from rollouts where workspace_id = ${w}
        order by message_count desc limit 1`,
        "rollout",
      ),
      otherRolloutId: await one(
        sql`select id from rollouts where workspace_id = ${w}
        order by message_count desc offset 1 limit 1`,
        "second rollout",
      ),
      runId: await one(sql`select id from runs where workspace_id = ${w} and kind = 'import' limit 1`, "run"),
      liveRunId: await one(
        sql`select id from runs where workspace_id = ${w} and kind = 'live' limit 1`,
        "live run",
      ),
      queueId: await one(
        sql`select q.id from review_queues q join queue_reviewers r on r.queue_id = q.id
        join users u on u.id = r.user_id
        where q.workspace_id = ${w} and u.email = ${demoEmail("reviewer")} order by q.created_at limit 1`,
        "review queue of the demo reviewer",
      ),
      sampleId: await one(
        sql`select v.snapshot->'samples'->0->>'id' from environment_versions v
        join environments e on e.id = v.environment_id where e.workspace_id = ${w}
        order by v.published_at desc limit 1`,
        "catalog sample",
      ),
    };
  } finally {
    await close();
  }
}

function demoEmail(role: Role): string {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo account has the role ${role}`);
  return user.email;
}

type Fixtures = {
  /** Signs in as the demo account of a role: through the login form once per worker, then by cookie. */
  signInAsDemo: (page: Page, role: Role) => Promise<void>;
};
type WorkerFixtures = { demo: DemoIds; demoSessions: Map<Role, Cookie[]> };

export const test = base.extend<Fixtures, WorkerFixtures>({
  demo: [async ({}, use) => use(await loadDemo()), { scope: "worker", timeout: 300_000 }],
  demoSessions: [async ({}, use) => use(new Map()), { scope: "worker" }],
  signInAsDemo: async ({ demoSessions }, use) => {
    await use(async (page, role) => {
      const saved = demoSessions.get(role);
      if (saved) return page.context().addCookies(saved);
      await page.goto("/login");
      await page.getByLabel("Email").fill(demoEmail(role));
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      demoSessions.set(role, await page.context().cookies());
    });
  },
});

export { expect };
