import type { ExportFile } from "./export-file";
import type { ExportFormat } from "./formats";
import { buildHarborFiles } from "./harbor";
import { buildInspectFiles } from "./inspect";
import { buildKarotteFiles } from "./karotte";
import { buildNativeFiles } from "./native";
import { packTarGz } from "./pack";
import type { EnvironmentVersionSnapshot } from "./snapshot";
import { validateExportFiles } from "./validate";
import { buildVerifiersFiles } from "./verifiers";

// One entry point for every format: build the files, validate what was written, pack them. The
// CLI, the API route and the UI download all call exportSnapshot, so their bytes are identical.

const BUILDERS: Record<ExportFormat, (snapshot: EnvironmentVersionSnapshot) => ExportFile[]> = {
  native: buildNativeFiles,
  verifiers: buildVerifiersFiles,
  harbor: buildHarborFiles,
  inspect: buildInspectFiles,
  karotte: buildKarotteFiles,
};

export function buildExportFiles(snapshot: EnvironmentVersionSnapshot, format: ExportFormat): ExportFile[] {
  const files = BUILDERS[format](snapshot);
  validateExportFiles(files);
  return files;
}

/** `ai-safety-research-v3-harbor.tar.gz` (the native format is `…-v3.tar.gz`). */
export function toExportFileName({
  slug,
  version,
  format,
}: {
  slug: string;
  version: number;
  format: ExportFormat;
}) {
  return `${slug}-v${version}${format === "native" ? "" : `-${format}`}.tar.gz`;
}

export async function exportSnapshot(snapshot: EnvironmentVersionSnapshot, format: ExportFormat) {
  const files = buildExportFiles(snapshot, format);
  const bytes = await packTarGz({ files, mtime: new Date(snapshot.approvedAt) });
  return {
    fileName: toExportFileName({ slug: snapshot.environment.slug, version: snapshot.version, format }),
    bytes,
    fileCount: files.length,
  };
}
