// RFC 4180 CSV: comma-separated, fields quoted with `"` (a quote inside is doubled), quoted fields
// may hold commas and line breaks; CRLF or LF line ends; a leading BOM is ignored.

export type CsvRecord = { fields: string[]; line: number };
export type CsvParseResult = { records: CsvRecord[]; error: { line: number; message: string } | null };

/** Parses CSV text into records, each with the line it starts on (1-based). */
export function parseCsv(input: string): CsvParseResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let quoteStartLine = 1;
  let isFieldQuoted = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === "" && !isFieldQuoted))
      records.push({ fields, line: recordLine });
    fields = [];
    field = "";
    isFieldQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === "") {
      inQuotes = true;
      isFieldQuoted = true;
      quoteStartLine = line;
    } else if (ch === ",") {
      fields.push(field);
      field = "";
      isFieldQuoted = false;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
    }
  }
  if (inQuotes)
    return { records, error: { line: quoteStartLine, message: "A quoted field is never closed." } };
  if (field !== "" || fields.length > 0 || isFieldQuoted) endRecord();
  return { records, error: null };
}

/** Quotes a field when it holds a comma, quote, line break or leading/trailing space. */
export function formatCsvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function formatCsv(rows: string[][]): string {
  return rows.map((row) => row.map(formatCsvField).join(",")).join("\r\n") + (rows.length ? "\r\n" : "");
}
