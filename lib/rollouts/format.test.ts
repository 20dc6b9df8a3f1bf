import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format";

// Dates read one way on every page (issue 33: the drafts page said "04/12/2026, 21:05:59" where
// the rest of the studio says "2026-12-04 21:05 UTC"): pages and components format a date only
// through formatDateTime.

const ROOT = path.resolve(__dirname, "../..");

function listSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSources(relative));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(relative);
  }
  return files;
}

// Ways a date gets formatted by hand: an ISO string cut to its date or time, or the browser's locale.
const HAND_FORMATTED = [
  /\.toISOString\(\)\s*\.slice\(/,
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /new Date\([^)]*\)\.toLocaleString\(/,
  /\.toUTCString\(/,
  /new Intl\.DateTimeFormat\(/,
];

describe("formatDateTime", () => {
  it("writes a date as YYYY-MM-DD HH:MM UTC, from a Date or an ISO string", () => {
    expect(formatDateTime(new Date("2026-12-04T21:05:59.123Z"))).toBe("2026-12-04 21:05 UTC");
    expect(formatDateTime("2026-01-02T03:04:00Z")).toBe("2026-01-02 03:04 UTC");
  });

  it("writes a dash for no date or one that can't be read", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });

  it("is the only way pages and components format a date", () => {
    const offenders = [...listSources("app"), ...listSources("components")].flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (HAND_FORMATTED.some((re) => re.test(line)) ? [`${file}:${i + 1}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
