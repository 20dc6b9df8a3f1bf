import "server-only";
import { AppError } from "@/lib/errors";
import { MAX_DOCUMENT_CHARS } from "@/lib/tasks/schemas";

// The text of an uploaded source document, which citations point into: markdown and plain text as
// they are (UTF-8), PDFs page by page through unpdf (a maintained, dependency-free build of Mozilla's
// pdf.js for servers). Scanned PDFs without a text layer have no text and are refused with the reason.

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export type ExtractedText = { text: string; pageStarts: number[]; mediaType: string };

function kindOf(name: string, mediaType: string): "pdf" | "text" | null {
  const lower = name.toLowerCase();
  if (mediaType === "application/pdf" || lower.endsWith(".pdf")) return "pdf";
  if (/\.(md|markdown|txt|text)$/.test(lower) || mediaType.startsWith("text/")) return "text";
  return null;
}

async function extractPdf(data: Uint8Array): Promise<ExtractedText> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data));
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    throw new AppError("invalid", `This PDF could not be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const pageStarts: number[] = [];
  let text = "";
  for (const page of pages) {
    if (text) text += "\n\n";
    pageStarts.push(text.length);
    text += page.trim();
  }
  if (!text.trim()) throw new AppError("invalid", "This PDF has no text layer (a scan?): nothing to cite.");
  return { text, pageStarts, mediaType: "application/pdf" };
}

export async function extractDocumentText({
  name,
  mediaType,
  data,
}: {
  name: string;
  mediaType: string;
  data: Uint8Array;
}): Promise<ExtractedText> {
  if (data.length === 0) throw new AppError("invalid", `${name} is empty.`);
  if (data.length > MAX_DOCUMENT_BYTES)
    throw new AppError("invalid", `${name} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`);
  const kind = kindOf(name, mediaType);
  if (!kind)
    throw new AppError("invalid", `${name}: upload markdown (.md), text (.txt) or PDF (.pdf) documents.`);
  const extracted =
    kind === "pdf"
      ? await extractPdf(data)
      : (() => {
          let text: string;
          try {
            text = new TextDecoder("utf-8", { fatal: true }).decode(data);
          } catch {
            throw new AppError("invalid", `${name} is not UTF-8 text.`);
          }
          if (text.includes("\0")) throw new AppError("invalid", `${name} is binary, not text.`);
          return {
            text,
            pageStarts: [],
            mediaType: name.toLowerCase().endsWith(".txt") ? "text/plain" : "text/markdown",
          };
        })();
  if (extracted.text.length > MAX_DOCUMENT_CHARS)
    throw new AppError(
      "invalid",
      `${name} has more than ${MAX_DOCUMENT_CHARS.toLocaleString("en-US")} characters of text.`,
    );
  return extracted;
}
