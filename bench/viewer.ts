import { chromium, type Page } from "@playwright/test";
import postgres from "postgres";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { runStudioCli, startStudioServer } from "./studio-server";
import { insertLongTranscript, insertRun } from "./synthetic-transcripts";

// Issue #3 viewer benchmark: a 300,000-message transcript in headless Chromium. Targets: first
// message painted within 1.5 s of navigation, the last message within 1 s of "Last", ≤ 2,000 rows in the DOM.

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const PASSWORD = "bench-password-1";

// Browser-side code is passed as strings: tsx's name-keeping helpers do not exist in the page.

/** Counts message rows in the DOM on every frame; returns a function that reads the maximum. */
async function watchRowCount(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(`(() => {
    window.__maxRows = 0;
    const sample = () => {
      window.__maxRows = Math.max(window.__maxRows, document.querySelectorAll("article[id^='m-']").length);
      requestAnimationFrame(sample);
    };
    sample();
  })()`);
  return () => page.evaluate("window.__maxRows") as Promise<number>;
}

/** Milliseconds from navigation start until message 0 is in the DOM with its text, and painted. */
async function measureFirstMessage(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(`document.querySelector("#m-0")?.textContent?.includes("step 0")`, null, {
    polling: "raf",
  });
  return page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    resolve(Math.max(paint, performance.now()));
  }))`) as Promise<number>;
}

/** Milliseconds from clicking "Last" until the last message is in view and loaded. */
async function measureJumpToLast(page: Page, index: number): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Last");
    if (!button) return reject(new Error("no Last button"));
    const started = performance.now();
    button.click();
    const check = () => {
      const row = document.getElementById("m-${index}");
      const box = row?.getBoundingClientRect();
      const isVisible = box && box.top < innerHeight && box.bottom > 0;
      if (row?.dataset.state === "loaded" && isVisible) return resolve(performance.now() - started);
      if (performance.now() - started > 15000) return reject(new Error("the last message never appeared"));
      requestAnimationFrame(check);
    };
    check();
  })`) as Promise<number>;
}

export async function runViewerBenchmark({
  messages = 300_000,
  port = 3391,
}: {
  messages?: number;
  port?: number;
} = {}) {
  console.log(`\n## Viewer: a ${messages.toLocaleString("en-US")}-message transcript in headless Chromium`);
  const database = await createTestDatabase(
    process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL,
    "studio_bench_viewer",
  );
  const connection = connectDatabase({ url: database.url });
  await migrateDatabase(connection);
  await connection.close();
  runStudioCli(database.url, ["workspace", "create", "--slug", "bench", "--name", "Bench"]);
  const email = runStudioCli(database.url, [
    "user",
    "create",
    "--email",
    "bench@studio.test",
    "--password",
    PASSWORD,
    "--workspace",
    "bench",
    "--role",
    "reviewer",
  ]);
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const seeded = performance.now();
  const target = await insertRun(sql, "bench");
  const rolloutId = await insertLongTranscript(sql, { ...target, count: messages });
  await sql.end();
  // Indexed before the server starts, so its background indexer doesn't run during the measurements.
  runStudioCli(database.url, ["index", "--quiet"]);
  console.log(`seeded and indexed in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const server = await startStudioServer({ databaseUrl: database.url, port });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const url = `${server.baseUrl}/rollouts/${rolloutId}`;
    const cold = await measureFirstMessage(page, url);
    const warm: number[] = [];
    for (let i = 0; i < 3; i += 1) warm.push(await measureFirstMessage(page, url));
    const readMaxRows = await watchRowCount(page);
    const jumps: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      if (i > 0) await page.getByRole("button", { name: "First", exact: true }).click();
      await page.locator("#m-0").waitFor();
      jumps.push(await measureJumpToLast(page, messages - 1));
    }
    const scroller = page.getByTestId("transcript-scroll");
    for (let i = 0; i < 40; i += 1)
      await scroller.evaluate((el, n) => el.scrollTo({ top: (el.scrollHeight * n) / 40 }), i);
    await page.goto(`${url}#m-${Math.floor(messages / 2)}`);
    await page.locator(`#m-${Math.floor(messages / 2)}`).waitFor();
    const maxRows = Math.max(await readMaxRows(), await page.locator("article[id^='m-']").count());
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `first message painted: cold ${cold.toFixed(0)} ms, warm median ${median(warm).toFixed(0)} ms (target ≤ 1500)`,
    );
    console.log(
      `jump to last message: median ${median(jumps).toFixed(0)} ms, max ${Math.max(...jumps).toFixed(0)} ms (target ≤ 1000)`,
    );
    console.log(
      `max message rows in the DOM: ${maxRows} (target ≤ 2000); JS heap ${(heap / 1024 / 1024).toFixed(0)} MB`,
    );
    return { coldMs: cold, warmMs: median(warm), jumpMs: median(jumps), maxRows };
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}
