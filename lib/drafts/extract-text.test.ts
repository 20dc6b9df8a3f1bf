import { describe, expect, it } from "vitest";
import { extractDocumentText } from "./extract-text";
import { pageOf } from "./passages";

/** A minimal PDF with one line of Helvetica text per page (what a text-layer PDF holds). */
function makePdf(pages: string[]): Uint8Array {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>"];
  const kids = pages.map((_, i) => `${3 + i * 2} 0 R`).join(" ");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  const fontId = 3 + pages.length * 2;
  pages.forEach((text, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
    );
    const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

describe("extractDocumentText", () => {
  it("reads a PDF page by page, so citations can name their page", async () => {
    const data = makePdf(["The study enrolled 412 participants.", "Mortality fell by 18 percent."]);
    const { text, pageStarts, mediaType } = await extractDocumentText({
      name: "study.pdf",
      mediaType: "",
      data,
    });
    expect(mediaType).toBe("application/pdf");
    expect(text).toContain("The study enrolled 412 participants.");
    expect(pageStarts).toHaveLength(2);
    expect(pageOf(pageStarts, text.indexOf("Mortality"))).toBe(2);
    expect(pageOf(pageStarts, text.indexOf("412"))).toBe(1);
  });

  it("takes markdown and text as UTF-8, and refuses binary, empty, unknown and broken files", async () => {
    const md = await extractDocumentText({
      name: "a.md",
      mediaType: "",
      data: new TextEncoder().encode("# Ü\n"),
    });
    expect(md).toEqual({ text: "# Ü\n", pageStarts: [], mediaType: "text/markdown" });
    const bad = (name: string, data: Uint8Array) => extractDocumentText({ name, mediaType: "", data });
    await expect(bad("a.txt", new Uint8Array([0xff, 0xfe, 0x00]))).rejects.toThrow(/not UTF-8/);
    await expect(bad("a.txt", new Uint8Array([]))).rejects.toThrow(/empty/);
    await expect(bad("a.docx", new Uint8Array([1]))).rejects.toThrow(
      /markdown \(\.md\), text \(\.txt\) or PDF/,
    );
    await expect(bad("a.pdf", new TextEncoder().encode("not a pdf"))).rejects.toThrow(/could not be read/);
  });
});
