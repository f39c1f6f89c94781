/**
 * Reading a CSV answer back in tests: the writer (`csvText` in @gains/access) quotes fields and ends lines with
 * CRLF, so a quoted field may hold commas, doubled quotes and bare line feeds.
 */

/**
 * CSV text (quoted fields; rows ended by CRLF or LF, the last one maybe not ended, as a grid's export writes it)
 * back into rows of fields; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      fields.push(field);
      rows.push(fields);
      fields = [];
      field = '';
      if (ch === '\r') i++;
    } else field += ch;
  }
  if (field || fields.length) rows.push([...fields, field]);
  return rows.filter((r) => r.some((f) => f !== ''));
}

/** The CSV as objects keyed by its header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}
