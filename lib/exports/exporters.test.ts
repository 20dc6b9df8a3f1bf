import { gunzipSync } from "fflate";
import { extract } from "tar-stream";
import { describe, expect, it } from "vitest";
import { FIXTURE_SNAPSHOT } from "./__fixtures__/fixture-snapshot";
import { buildExportFiles, exportSnapshot, toExportFileName } from "./build-export";
import { type ExportFile, sha256Hex, sortFiles, toBytes } from "./export-file";
import { EXPORT_FORMATS } from "./formats";
import { packTarGz } from "./pack";
import { validateExportFiles } from "./validate";

// Golden files: every text file each exporter writes for the fixture environment, plus a listing
// (mode, sha256, path) that also covers binary files. Update with `vitest -u` and read the diff.

const isText = (file: ExportFile) => typeof file.content === "string";

function listFiles(files: ExportFile[]): string {
  return sortFiles(files)
    .map(
      (f) =>
        `${(f.mode ?? (f.path.endsWith(".sh") ? 0o755 : 0o644)).toString(8)} ${sha256Hex(f.content)} ${f.path}`,
    )
    .join("\n");
}

type Entry = {
  name: string;
  mode: number;
  mtime: Date;
  uid: number;
  gid: number;
  uname: string;
  body: Buffer;
};

async function readTarGz(bytes: Uint8Array): Promise<Entry[]> {
  const entries: Entry[] = [];
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: unknown) => {
        chunks.push(c as Buffer);
      });
      stream.on("end", () => {
        entries.push({ ...header, uname: header.uname ?? "", body: Buffer.concat(chunks) } as Entry);
        next();
      });
    });
    reader.on("finish", () => resolve());
    reader.on("error", reject);
  });
  reader.end(Buffer.from(gunzipSync(bytes)));
  await done;
  return entries;
}

describe.each(EXPORT_FORMATS)("the %s exporter", (format) => {
  const files = buildExportFiles(FIXTURE_SNAPSHOT, format);

  it("matches its golden files", async () => {
    await expect(`${listFiles(files)}\n`).toMatchFileSnapshot(`./__fixtures__/golden/${format}/FILES.golden`);
    for (const file of files.filter(isText)) {
      await expect(file.content).toMatchFileSnapshot(`./__fixtures__/golden/${format}/${file.path}.golden`);
    }
  });

  it("packs to the same bytes every time, whatever order the files come in", async () => {
    const first = await exportSnapshot(FIXTURE_SNAPSHOT, format);
    const again = await exportSnapshot(FIXTURE_SNAPSHOT, format);
    const reversed = await packTarGz({
      files: [...files].reverse(),
      mtime: new Date(FIXTURE_SNAPSHOT.approvedAt),
    });
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(Buffer.from(reversed).equals(Buffer.from(first.bytes))).toBe(true);
    expect(first.fileCount).toBe(files.length);
    expect(first.fileName).toBe(toExportFileName({ slug: "fixture-env", version: 2, format }));
  });

  it("writes fixed tar headers and a gzip header without a timestamp", async () => {
    const { bytes } = await exportSnapshot(FIXTURE_SNAPSHOT, format);
    expect([...bytes.slice(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    expect([...bytes.slice(4, 8)]).toEqual([0, 0, 0, 0]);
    const entries = await readTarGz(bytes);
    expect(entries.map((e) => e.name)).toEqual(sortFiles(files).map((f) => f.path));
    for (const entry of entries) {
      expect(entry.mtime.toISOString()).toBe("2026-03-04T05:06:07.000Z");
      expect([entry.uid, entry.gid, entry.uname]).toEqual([0, 0, ""]);
      expect(entry.mode).toBe(entry.name.endsWith(".sh") || entry.name.includes("/scripts/") ? 0o755 : 0o644);
      const source = files.find((f) => f.path === entry.name)!;
      expect(entry.body.equals(Buffer.from(toBytes(source.content)))).toBe(true);
    }
  });
});

describe("the native format", () => {
  const files = buildExportFiles(FIXTURE_SNAPSHOT, "native");
  const read = (path: string) => files.find((f) => f.path === path)!.content as string;

  it("lists every other file in the manifest with its sha256, at the approval time", () => {
    const manifest = JSON.parse(read("manifest.json"));
    expect(manifest).toMatchObject({
      formatVersion: 1,
      version: 2,
      time: "2026-03-04T05:06:07.000Z",
      samples: 1,
    });
    expect(manifest.files).toHaveLength(files.length - 1);
    for (const entry of manifest.files) {
      const file = files.find((f) => f.path === entry.path)!;
      expect(entry.sha256).toBe(sha256Hex(file.content));
      expect(entry.size).toBe(toBytes(file.content).length);
    }
    expect(
      manifest.files.find((f: { path: string }) => f.path === "resources/probe-critique/figure 1.png").sha256,
    ).toBe("b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640");
  });

  it("keeps tasks.jsonl to what the agent sees and the keys in answers.jsonl", () => {
    const tasks = read("tasks.jsonl")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(tasks.map((t) => Object.keys(t))).toEqual(
      Array(3).fill(["key", "message", "prompt", "resources", "giveUp", "budgets"]),
    );
    expect(tasks[1].giveUp).toEqual({ instructions: "If the paper cannot be judged, say GIVE UP and why." });
    const answers = read("answers.jsonl")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(answers.map((a) => a.answerKey)).toEqual(FIXTURE_SNAPSHOT.tasks.map((t) => t.answerKey));
    expect(read("labels.jsonl")).toBe(
      '{"sample":"sample-1","taskKey":"loss-report","verdict":"genuine-success","categories":["careful-reading"],"source":"unanimous","reviewers":2}\n',
    );
  });
});

describe("export validation", () => {
  it("parses every JSON, JSONL and TOML file and counts them", () => {
    expect(validateExportFiles(buildExportFiles(FIXTURE_SNAPSHOT, "harbor"))).toEqual({
      json: 3,
      jsonl: 0,
      toml: 3,
    });
    expect(validateExportFiles(buildExportFiles(FIXTURE_SNAPSHOT, "native"))).toEqual({
      json: 7,
      jsonl: 3,
      toml: 0,
    });
  });

  it("refuses a broken file, naming it", () => {
    expect(() => validateExportFiles([{ path: "a/task.toml", content: 'name = "unterminated' }])).toThrow(
      /a\/task\.toml/,
    );
    expect(() => validateExportFiles([{ path: "d.jsonl", content: '{"ok":1}\n{oops}\n' }])).toThrow(
      /d\.jsonl: line 2/,
    );
  });

  it("refuses paths that escape the archive", async () => {
    const mtime = new Date(0);
    await expect(packTarGz({ files: [{ path: "../x", content: "" }], mtime })).rejects.toThrow(/Unsafe/);
    await expect(
      packTarGz({
        files: [
          { path: "A.txt", content: "" },
          { path: "a.txt", content: "" },
        ],
        mtime,
      }),
    ).rejects.toThrow(/share the path/);
  });
});
