import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getJobKindTitle, JOB_KIND_NAMES, loadAllJobKinds, loadJobKind } from "./registry";

/** Every `defineJobKind({ kind: "…" })` under lib/, read from the sources. */
function listDefinedKinds(dir = path.join(process.cwd(), "lib")): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listDefinedKinds(full));
    else if (entry.name.endsWith(".ts") && !entry.name.includes(".test.")) {
      const source = fs.readFileSync(full, "utf8");
      for (const m of source.matchAll(/defineJobKind\(\{\s*kind:\s*(?:"([a-z0-9-]+)"|([A-Z_]+))/g))
        found.push(m[1] ?? m[2]);
    }
  }
  return found;
}

describe("the job kind registry", () => {
  it("loads each listed kind under its own name, with a title", async () => {
    const kinds = await loadAllJobKinds();
    expect(kinds.map((k) => k.kind)).toEqual([...JOB_KIND_NAMES]);
    for (const name of JOB_KIND_NAMES) expect(getJobKindTitle(name)).not.toBe(name);
  });

  it("lists every kind the sources define, so no worker misses one", () => {
    const defined = listDefinedKinds().map((k) => (k === "IMPORT_JOB_KIND" ? "import" : k));
    expect([...defined].sort()).toEqual([...JOB_KIND_NAMES].sort());
  });

  it("knows nothing of a retired kind: no definition, its name as the title", async () => {
    expect(await loadJobKind("no-such-kind")).toBeUndefined();
    expect(getJobKindTitle("no-such-kind")).toBe("no-such-kind");
  });
});
