/**
 * CSV for spreadsheets (docs/reports.md, "CSV export"): UTF-8 with a byte order
 * mark (Excel otherwise reads Thai and Lao as mojibake), CRLF line ends, every
 * field quoted when it holds a comma, quote or line break (quotes doubled, RFC
 * 4180). A text cell starting with = + - @ (a formula to a spreadsheet) gets a
 * leading apostrophe; numbers, negative ones included, are written as they are.
 */
export const BOM = '\uFEFF';

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Reads what toCsv wrote (tests, and anyone checking an export): the BOM dropped, quotes undone. */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
