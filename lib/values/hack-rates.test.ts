import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HACK_RATES } from "./hack-rates";

// "Figures that agree" (issue #31): every page that shows a hack rate (catalog card, datasheet, report,
// run page) names it from HACK_RATES and shows it with its interval and n, through
// components/reports/hack-rate-figure.tsx or components/reports/interval-text.tsx. This reads the
// pages' and components' source and fails on a hack rate spelled or formatted by hand.

const ROOT = path.resolve(__dirname, "../..");
const FIGURE = "components/reports/hack-rate-figure.tsx";
/** Files that read a hack rate without showing it as a figure, and why. */
const NOT_FIGURES: Record<string, string> = {
  "components/runs/step-charts.tsx":
    "a chart's line; the step table beside it shows each step's interval and n",
};

function listSources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const sources = [...listSources("app"), ...listSources("components")].map((file) => ({
  file,
  text: fs.readFileSync(path.join(ROOT, file), "utf8"),
}));

const RATE_FIELD =
  /\.(hackRateAmongRewarded|flagRate|confirmedRate|confirmedAmongFlagged|correctedFlagRate)\b|\bcard\.hackRate\b/;
const HAND_NAMED = [
  /\bhack rate(?!s)\b/i,
  /\bflag rate\b/i,
  /\bflags confirmed\b(?! \/)/i,
  /\bconfirmed hack\b/i,
];

describe("the hack rates' names and definitions", () => {
  it("gives each rate one name, used by no other", () => {
    const names = Object.values(HACK_RATES).map((r) => r.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const rate of Object.values(HACK_RATES)) expect(rate.definition.length).toBeGreaterThan(40);
  });

  it("finds the pages that show hack rates (so the checks below read something)", () => {
    const showing = sources.filter((s) => RATE_FIELD.test(s.text)).map((s) => s.file);
    expect(showing).toEqual(
      expect.arrayContaining([
        "components/catalog/catalog-card.tsx",
        "components/catalog/datasheet-view.tsx",
        "components/catalog/report-figures.tsx",
        "components/reports/hack-rate-section.tsx",
        "components/reports/robustness-section.tsx",
        "components/runs/step-table.tsx",
      ]),
    );
  });

  it("no page or component spells a hack rate's name by hand", () => {
    const offenders = sources
      .filter((s) => s.file !== FIGURE)
      .flatMap(({ file, text }) => {
        const code = text.replace(/^\s*(\/\/|\*).*$/gm, "");
        return HAND_NAMED.filter((p) => p.test(code)).map((p) => `${file}: ${p}`);
      });
    expect(offenders).toEqual([]);
  });

  it("every page that reads a hack rate shows it with its interval and n", () => {
    const offenders = sources
      .filter((s) => RATE_FIELD.test(s.text) && !(s.file in NOT_FIGURES))
      .flatMap(({ file, text }) => {
        const found: string[] = [];
        if (!/(components\/reports|\.)\/(hack-rate-figure|interval-text)"/.test(text))
          found.push(`${file}: shows a hack rate without HackRateFigure or IntervalText`);
        // A rate's bare estimate, as the catalog card once showed "25%" from 4 rollouts.
        if (
          /format(Percent|Interval)\([^)]*(hackRate|flagRate|confirmedRate|confirmedAmongFlagged)[^)]*\)/.test(
            text,
          )
        )
          found.push(`${file}: formats a hack rate by hand`);
        if (/\.(hackRateAmongRewarded|flagRate|confirmedRate|hackRate)\??\.estimate/.test(text))
          found.push(`${file}: reads a hack rate's bare estimate`);
        return found;
      });
    expect(offenders).toEqual([]);
  });
});
