import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { ImportFileError } from "@/lib/imports/read/read-file-head";
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from "@/lib/imports/types";
import { buildTestZip, encodeZstdRawFrame, encodeZstdRleFrame } from "./build-test-zip";
import { openZipArchive } from "./open-zip";

// `printf '{"text": "%s"}' "<SENTENCE x20>" | zstd -19` (zstd 1.5): real compressed blocks
// (Huffman literals, sequences) plus a content checksum, to prove the fzstd path on encoder output.
const SENTENCE = "zstd inside a zip, decoded by fzstd. ";
const REAL_ZSTD_TEXT = `{"text": "${SENTENCE.repeat(20)}"}`;
const REAL_ZSTD_BASE64 =
  "KLUv/WTwAb0BABJDCxKwuQFAweJOV2OyVEMuCN0yuQjtHpC3zRc5JqKSeJC0P56oe/TI23dxrJKPBQEA54UqVQbAO57P";

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "zip-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeZip(bytes: Uint8Array): Promise<string> {
  counter += 1;
  const path = join(dir, `archive-${counter}.zip`);
  await writeFile(path, bytes);
  return path;
}

async function readAll(
  path: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<Record<string, string>> {
  const archive = await openZipArchive(path, limits);
  try {
    const out: Record<string, string> = {};
    for (const [name, entry] of archive.entries) out[name] = (await archive.read(entry)).toString("utf8");
    return out;
  } finally {
    await archive.close();
  }
}

async function readFailure(
  path: string,
  name: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<unknown> {
  const archive = await openZipArchive(path, limits);
  try {
    const entry = archive.entries.get(name);
    if (!entry) throw new Error(`no member ${name}`);
    await archive.read(entry);
    return null;
  } catch (error) {
    return error;
  } finally {
    await archive.close();
  }
}

describe("openZipArchive", () => {
  it("reads stored, deflate and zstd members (raw blocks, real encoder output, several frames)", async () => {
    const realFrame = Buffer.from(REAL_ZSTD_BASE64, "base64");
    const path = await writeZip(
      buildTestZip([
        { name: "stored.txt", data: "plain", method: 0 },
        { name: "deflate.json", data: '{"a":1}'.repeat(100), method: 8 },
        { name: "zstd-raw.json", data: "x".repeat(200_000), method: 93 },
        { name: "zstd-real.json", data: REAL_ZSTD_TEXT, method: 93, compressed: realFrame },
        {
          name: "zstd-frames.json",
          data: `${REAL_ZSTD_TEXT}${REAL_ZSTD_TEXT}`,
          method: 93,
          compressed: Buffer.concat([realFrame, realFrame]),
        },
      ]),
    );
    const members = await readAll(path);
    expect(Object.keys(members)).toEqual([
      "stored.txt",
      "deflate.json",
      "zstd-raw.json",
      "zstd-real.json",
      "zstd-frames.json",
    ]);
    expect(members["stored.txt"]).toBe("plain");
    expect(members["deflate.json"]).toBe('{"a":1}'.repeat(100));
    expect(members["zstd-raw.json"]).toHaveLength(200_000);
    expect(members["zstd-real.json"]).toBe(REAL_ZSTD_TEXT);
    expect(members["zstd-frames.json"]).toBe(REAL_ZSTD_TEXT + REAL_ZSTD_TEXT);
  });

  it("lets the last directory entry win when a member name repeats", async () => {
    const path = await writeZip(
      buildTestZip([
        { name: "header.json", data: '{"status":"started"}' },
        { name: "other.json", data: "{}" },
        { name: "header.json", data: '{"status":"success"}' },
      ]),
    );
    const members = await readAll(path);
    expect(members["header.json"]).toBe('{"status":"success"}');
    expect(Object.keys(members)).toEqual(["other.json", "header.json"]);
  });

  it("reads ZIP64 end records and size fields", async () => {
    const path = await writeZip(
      buildTestZip(
        [
          { name: "a.json", data: "[1,2,3]" },
          { name: "b.json", data: "b".repeat(5000), method: 93 },
        ],
        { zip64: true },
      ),
    );
    const members = await readAll(path);
    expect(members["a.json"]).toBe("[1,2,3]");
    expect(members["b.json"]).toHaveLength(5000);
  });

  it("refuses an archive with more members than maxZipEntries", async () => {
    const members = Array.from({ length: 12 }, (_, i) => ({ name: `samples/${i}_epoch_1.json`, data: "{}" }));
    const path = await writeZip(buildTestZip(members));
    const error = await openZipArchive(path, { ...DEFAULT_IMPORT_LIMITS, maxZipEntries: 10 }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(String(error.message)).toBe("the zip archive has 12 members, over the 10 member limit");
  });

  it("refuses a member whose declared ratio is over maxZipRatio", async () => {
    const zeros = new Uint8Array(1_000_000);
    const path = await writeZip(buildTestZip([{ name: "bomb.json", data: zeros }]));
    const error = await readFailure(path, "bomb.json", { ...DEFAULT_IMPORT_LIMITS, maxZipRatio: 200 });
    expect(error).toBeInstanceOf(ImportRecordError);
    expect(String((error as Error).message)).toMatch(
      /^zip member bomb\.json declares 976\.6 KiB from .* \(ratio \d+:1\), over the 200:1 limit \(zip-bomb guard\)$/,
    );
  });

  it("stops a deflate member that inflates past its declared size", async () => {
    const zeros = new Uint8Array(4_000_000);
    const compressed = deflateSync(zeros);
    const path = await writeZip(
      buildTestZip([{ name: "liar.json", data: zeros, compressed, declaredSize: compressed.length * 10 }]),
    );
    const error = await readFailure(path, "liar.json");
    expect(String((error as Error).message)).toMatch(
      /^zip member liar\.json inflates to more than its declared .* \(zip-bomb guard\)$/,
    );
  });

  it("stops a zstd RLE bomb that declares a small size", async () => {
    const frame = encodeZstdRleFrame(0x41, 50_000_000);
    const path = await writeZip(
      buildTestZip([
        { name: "rle.json", data: "A", method: 93, compressed: frame, declaredSize: frame.length * 50 },
      ]),
    );
    const error = await readFailure(path, "rle.json");
    expect(String((error as Error).message)).toMatch(
      /inflates to more than its declared .* \(zip-bomb guard\)$/,
    );
  });

  it("refuses a zstd frame asking for a huge window before the decoder allocates it", async () => {
    const data = new TextEncoder().encode("{}");
    const frame = encodeZstdRawFrame(data, { windowLog: 31 });
    const path = await writeZip(buildTestZip([{ name: "window.json", data, method: 93, compressed: frame }]));
    const error = await readFailure(path, "window.json");
    expect(String((error as Error).message)).toBe(
      "zip member window.json: a zstd frame asks for a 2 GiB window, over the 8 MiB allowed; refusing to decompress it",
    );
  });

  it("refuses a zstd frame that declares more content than the member", async () => {
    // Single-segment frame header with a 4-byte content size of 100 MB, then one empty raw block.
    const frame = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0x00, 0xe1, 0xf5, 0x05, 0x01, 0x00, 0x00);
    const path = await writeZip(
      buildTestZip([{ name: "fcs.json", data: "", method: 93, compressed: frame, declaredSize: 0 }]),
    );
    const error = await readFailure(path, "fcs.json");
    expect(String((error as Error).message)).toMatch(
      /a zstd frame declares 95\.4 MiB, more than the member's 0 bytes/,
    );
  });

  it("refuses a member over the record limit, a corrupt CRC and an unknown method", async () => {
    const good = buildTestZip([{ name: "big.json", data: "y".repeat(3000), method: 0 }]);
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxRecordBytes: 1024 };
    const tooBig = await readFailure(await writeZip(good), "big.json", limits);
    expect(String((tooBig as Error).message)).toBe(
      "zip member big.json is 2.9 KiB uncompressed, over the 1 KiB record limit",
    );
    const corrupt = Buffer.from(good);
    corrupt[40] ^= 0xff; // A data byte of the stored member.
    const crc = await readFailure(await writeZip(corrupt), "big.json");
    expect(String((crc as Error).message)).toBe("zip member big.json fails its CRC check (corrupt archive)");
    const lzma = buildTestZip([
      { name: "lzma.json", data: "{}", method: 14, compressed: Uint8Array.of(1, 2) },
    ]);
    const method = await readFailure(await writeZip(lzma), "lzma.json");
    expect(String((method as Error).message)).toMatch(
      /uses compression method 14; only stored, deflate and zstd/,
    );
  });

  it("rejects files that are not zip archives or have lost their directory", async () => {
    const notZip = await writeZip(
      new TextEncoder().encode('{"eval": {}} and some more text to pass 22 bytes'),
    );
    await expect(openZipArchive(notZip, DEFAULT_IMPORT_LIMITS)).rejects.toThrow(
      /no zip end-of-directory record/,
    );
    const whole = buildTestZip([{ name: "header.json", data: "{}".repeat(50) }]);
    const truncated = await writeZip(whole.subarray(0, whole.length - 30));
    await expect(openZipArchive(truncated, DEFAULT_IMPORT_LIMITS)).rejects.toBeInstanceOf(ImportFileError);
  });
});
