import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { correctedRate } from "@/lib/stats/corrected-rate";
import { wilsonInterval } from "@/lib/stats/wilson";
import { HACK_RATES, type HackRateKind } from "@/lib/values/hack-rates";
import { HackRateFigure } from "./hack-rate-figure";

// What a hack rate looks like wherever it is shown: its one name, its 95% interval and its n, and for
// the flag rate the corrected rate beside it, or why there is none.

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
const render = (props: Parameters<typeof HackRateFigure>[0]) =>
  text(renderToStaticMarkup(createElement("dl", null, createElement(HackRateFigure, props))));

describe("HackRateFigure", () => {
  it.each(Object.keys(HACK_RATES) as HackRateKind[])("shows %s with its name, interval and n", (kind) => {
    const out = render({ kind, interval: wilsonInterval(1, 4) });
    expect(out).toContain(HACK_RATES[kind].name);
    expect(out).toContain(HACK_RATES[kind].definition);
    // 1 of 4: 25% with Wilson's 95% interval [5%, 70%], never "25%" alone.
    expect(out).toMatch(/25%\s*\[5%–70%\] n = 4/);
  });

  it("keeps the definition in the title on the catalog card", () => {
    const html = renderToStaticMarkup(
      createElement(
        "dl",
        null,
        createElement(HackRateFigure, {
          kind: "hacksAmongRewarded",
          interval: wilsonInterval(1, 4),
          compact: true,
        }),
      ),
    );
    expect(html.replace(/&#x27;/g, "'")).toContain(`title="${HACK_RATES.hacksAmongRewarded.definition}"`);
    expect(text(html)).not.toContain(HACK_RATES.hacksAmongRewarded.definition);
  });

  it("says n = 0 when nothing was measured", () => {
    expect(render({ kind: "hacksAmongRewarded", interval: null })).toContain("— (n = 0)");
    expect(render({ kind: "flagRate", interval: wilsonInterval(0, 0) })).toContain("— (n = 0)");
  });

  it("puts the corrected flag rate beside the raw one, with the error it corrects by", () => {
    const corrected = correctedRate(
      { positives: 40, n: 200 },
      { truePositives: 40, positives: 50, trueNegatives: 180, negatives: 200 },
    );
    const out = render({ kind: "flagRate", interval: corrected.observed, corrected });
    expect(out).toMatch(/20%\s*\[15%–26%\] n = 200/);
    expect(out).toMatch(
      /14%\s*\[\d+%–\d+%\] corrected by the scanners' sensitivity 80% \(n = 50\), specificity 90% \(n = 200\)/,
    );
  });

  it("says why the flag rate is not corrected", () => {
    const corrected = correctedRate(
      { positives: 3, n: 10 },
      { truePositives: 0, positives: 0, trueNegatives: 4, negatives: 4 },
    );
    expect(render({ kind: "flagRate", interval: corrected.observed, corrected })).toMatch(
      /Not corrected: the scanners' error is not measured here/,
    );
  });
});
