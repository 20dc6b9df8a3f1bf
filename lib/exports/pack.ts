import { gzipSync } from "fflate";
import { pack } from "tar-stream";
import {
  assertExportPaths,
  EXECUTABLE_MODE,
  type ExportFile,
  FILE_MODE,
  sortFiles,
  toBytes,
} from "./export-file";

// Packs export files into a .tar.gz that is the same byte for byte every time: entries sorted by
// path, one fixed mtime (the version's approval time), uid/gid 0 with empty owner names, fixed modes,
// and a gzip header without a timestamp. tar-stream writes the POSIX ustar headers (pax records
// for long or non-ASCII paths); fflate compresses in pure JavaScript, the same on every platform.

export async function packTarGz({ files, mtime }: { files: ExportFile[]; mtime: Date }): Promise<Uint8Array> {
  assertExportPaths(files);
  const archive = pack();
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    archive.on("data", (chunk: unknown) => {
      chunks.push(chunk as Uint8Array);
    });
    archive.on("end", () => resolve());
    archive.on("error", reject);
  });
  for (const file of sortFiles(files)) {
    const bytes = toBytes(file.content);
    await new Promise<void>((resolve, reject) => {
      archive.entry(
        {
          name: file.path,
          size: bytes.length,
          mode: file.mode ?? (file.path.endsWith(".sh") ? EXECUTABLE_MODE : FILE_MODE),
          mtime,
          type: "file",
          uid: 0,
          gid: 0,
          uname: "",
          gname: "",
        },
        bytes,
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }
  archive.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks), { level: 9, mtime: 0 });
}
