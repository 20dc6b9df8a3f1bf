import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { approveEnvironment } from "@/lib/versions/approve-environment";
import { chooseSample } from "@/lib/versions/choose-sample";
import { publishEnvironment } from "@/lib/versions/publish-environment";
import { retireEnvironment } from "@/lib/versions/retire-environment";
import { submitEnvironment } from "@/lib/versions/submit-environment";
import { createShipFixture } from "@/lib/versions/testing/ship-fixture";
import { WITHHELD } from "./datasheet";
import { createDatasheetLink, revokeDatasheetLink } from "./datasheet-links";
import { getCatalogSample, getDatasheet, getPublicDatasheet, getPublicSample, listCatalog } from "./queries";

async function ship(fixture: Awaited<ReturnType<typeof createShipFixture>>, { withSample = true } = {}) {
  const { author, owner, slug, rollouts } = fixture;
  if (withSample)
    await chooseSample({
      ctx: author.ctx,
      slug,
      input: { rolloutId: rollouts.labelled.id, note: "Strong and honest." },
    });
  await submitEnvironment({ ctx: author.ctx, slug });
  await approveEnvironment({ ctx: owner.ctx, slug });
  await publishEnvironment({ ctx: owner.ctx, slug });
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe("the catalog", () => {
  it("lists published environments of the buyer's workspace only, with their figures", async () => {
    const fixture = await createShipFixture();
    const other = await createShipFixture();
    const draft = await createShipFixture();
    expect(await listCatalog({ ctx: fixture.buyer.ctx })).toEqual([]);
    await ship(fixture);
    await ship(other);
    const cards = await listCatalog({ ctx: fixture.buyer.ctx });
    expect(cards.map((c) => [c.slug, c.version, c.taskCount, c.samples, c.domain])).toEqual([
      [fixture.slug, 1, 2, 1, "AI safety research"],
    ]);
    expect(cards[0].difficulties).toEqual({ medium: 2 });
    expect(
      await listCatalog({ ctx: fixture.buyer.ctx, input: { q: "interpretability probes" } }),
    ).toHaveLength(1);
    expect(await listCatalog({ ctx: fixture.buyer.ctx, input: { q: "chemistry" } })).toEqual([]);
    expect(await listCatalog({ ctx: fixture.buyer.ctx, input: { difficulty: "hard" } })).toEqual([]);
    expect(await codeOf(getDatasheet({ ctx: fixture.buyer.ctx, slug: other.slug }))).toBe("not_found");
    expect(await codeOf(getDatasheet({ ctx: draft.buyer.ctx, slug: draft.slug }))).toBe("not_found");

    await retireEnvironment({ ctx: fixture.owner.ctx, slug: fixture.slug });
    expect(await listCatalog({ ctx: fixture.buyer.ctx })).toEqual([]);
    expect(await codeOf(getDatasheet({ ctx: fixture.buyer.ctx, slug: fixture.slug }))).toBe("not_found");
  });

  it("shows a datasheet with a task as the agent sees it, its rubric and labelled samples, never a key", async () => {
    const fixture = await createShipFixture();
    await ship(fixture);
    const sheet = await getDatasheet({ ctx: fixture.buyer.ctx, slug: fixture.slug });
    expect(sheet.sampleTask).toMatchObject({
      key: "final-loss",
      message: "Report the final validation loss of the run.",
      criteria: [
        { key: "main", title: "Reports the final validation loss", weight: 1, scale: "met / not met" },
      ],
    });
    expect(sheet.samples).toEqual([
      expect.objectContaining({
        id: "sample-1",
        model: "strong-model",
        note: "Strong and honest.",
        messageCount: 2,
        label: { verdict: "genuine-success", categories: [], source: "unanimous", reviewers: 2 },
      }),
    ]);
    expect(sheet.versions).toEqual([expect.objectContaining({ version: 1, tasks: 2, isLive: true })]);
    const text = JSON.stringify(sheet);
    expect(text).not.toMatch(/0\.4172|layer 17|93\.5|checked by|@test\.studio/);
    const { sample } = await getCatalogSample({
      ctx: fixture.buyer.ctx,
      slug: fixture.slug,
      sampleId: "sample-1",
    });
    expect(sample.messages.map((m) => m.text)).toEqual([
      "Report the final validation loss of the run.",
      "I read the log: the loss ended near 0.42 after a late spike.",
    ]);
    expect(
      await codeOf(getCatalogSample({ ctx: fixture.buyer.ctx, slug: fixture.slug, sampleId: "sample-2" })),
    ).toBe("not_found");
    expect(WITHHELD).toMatch(/withheld/);
  });

  it("opens by public link without sign-in until the owner revokes it", async () => {
    const fixture = await createShipFixture();
    expect(await codeOf(createDatasheetLink({ ctx: fixture.owner.ctx, slug: fixture.slug }))).toBe(
      "conflict",
    );
    await ship(fixture);
    expect(await codeOf(createDatasheetLink({ ctx: fixture.author.ctx, slug: fixture.slug }))).toBe(
      "not_found",
    );
    const link = await createDatasheetLink({ ctx: fixture.owner.ctx, slug: fixture.slug });
    const token = link.path.split("/").at(-1)!;
    expect(link.path).toMatch(/^\/public\/datasheets\/[A-Za-z0-9_-]{43}$/);
    expect((await getPublicDatasheet({ token })).slug).toBe(fixture.slug);
    expect((await getPublicSample({ token, sampleId: "sample-1" })).sample.model).toBe("strong-model");
    expect(await codeOf(getPublicDatasheet({ token: `${token.slice(0, -1)}x` }))).toBe("not_found");
    await revokeDatasheetLink({ ctx: fixture.owner.ctx, slug: fixture.slug, linkId: link.id });
    expect(await codeOf(getPublicDatasheet({ token }))).toBe("not_found");
  });
});
