/**
 * The CSV of an import file, pure: RFC 4180 cells (quotes, doubled quotes, commas and line breaks inside quotes),
 * a header row whose names ignore case, spaces, `_` and `-`, and every problem as a rejected row naming its line
 * and column (a row short of cells, a quote never closed, an unknown or missing column).
 */

export interface RejectedRow {
  line: number;
  column: string;
  reason: string;
}

export interface CsvRow {
  line: number;
  /** by the column's canonical name */
  cells: Record<string, string>;
}

/** A column of a kind: its canonical name and the other names the header may use for it. */
export interface ColumnSpec {
  name: string;
  aliases?: string[];
  required?: boolean;
}

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

/** Records of cells with the line each starts on; `unclosed` when a quote opened and never closed. */
export function splitCsv(text: string): { line: number; cells: string[]; unclosed?: number }[] {
  const out: { line: number; cells: string[]; unclosed?: number }[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let i = 0;
  let line = 1;
  const n = body.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let unclosed: number | undefined;
    for (;;) {
      if (body[i] === '"') {
        const openedAt = line;
        i++;
        let closed = false;
        while (i < n) {
          const q = body.indexOf('"', i);
          if (q < 0) break;
          const part = body.slice(i, q);
          for (let k = 0; k < part.length; k++) if (part.charCodeAt(k) === 10) line++;
          cell += part;
          if (body[q + 1] === '"') {
            cell += '"';
            i = q + 2;
          } else {
            i = q + 1;
            closed = true;
            break;
          }
        }
        if (!closed) {
          const rest = body.slice(i);
          for (let k = 0; k < rest.length; k++) if (rest.charCodeAt(k) === 10) line++;
          cell += rest;
          i = n;
          unclosed = openedAt;
        }
      }
      // Plain text up to the next comma or line end.
      let j = i;
      while (j < n) {
        const c = body.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13) break;
        j++;
      }
      cell += body.slice(i, j);
      i = j;
      cells.push(cell);
      cell = '';
      if (i < n && body.charCodeAt(i) === 44) {
        i++;
        continue;
      }
      if (i < n && body.charCodeAt(i) === 13) i++;
      if (i < n && body.charCodeAt(i) === 10) i++;
      line++;
      break;
    }
    if (cells.length > 1 || cells[0]!.trim() !== '' || unclosed !== undefined) {
      out.push(unclosed === undefined ? { line: start, cells } : { line: start, cells, unclosed });
    }
  }
  return out;
}

/**
 * The rows of a file by column name. Unknown header names, missing required columns, short or long rows and unclosed
 * quotes are rejected rows; rows past them are still read so every problem is listed at once.
 */
export function readTable(
  text: string,
  columns: readonly ColumnSpec[],
): { rows: CsvRow[]; rejected: RejectedRow[]; header: string[]; read: number } {
  const records = splitCsv(text);
  const rejected: RejectedRow[] = [];
  const [head, ...body] = records;
  if (!head) {
    return {
      rows: [],
      rejected: [{ line: 1, column: '', reason: 'The file is empty: a header row is required' }],
      header: [],
      read: 0,
    };
  }
  const byAlias = new Map<string, string>();
  for (const c of columns) for (const a of [c.name, ...(c.aliases ?? [])]) byAlias.set(normalise(a), c.name);
  // Trailing empty header cells (a trailing comma) are ignored.
  let width = head.cells.length;
  while (width > 0 && head.cells[width - 1]!.trim() === '') width--;
  const header: string[] = [];
  for (let k = 0; k < width; k++) {
    const raw = head.cells[k]!.trim();
    const name = byAlias.get(normalise(raw));
    if (!name) {
      rejected.push({ line: head.line, column: raw, reason: `Unknown column ${raw || `(empty, column ${k + 1})`}` });
    } else if (header.includes(name)) {
      rejected.push({ line: head.line, column: raw, reason: `Column ${name} is given twice` });
    }
    header.push(name ?? '');
  }
  for (const c of columns) {
    if (c.required && !header.includes(c.name)) {
      rejected.push({ line: head.line, column: c.name, reason: `Missing column ${c.name}: it is required` });
    }
  }
  // A header in error would make every row's problems noise: the header's problems alone are the answer.
  if (rejected.length > 0) return { rows: [], rejected, header, read: body.length };
  const rows: CsvRow[] = [];
  for (const record of body) {
    if (record.unclosed !== undefined) {
      rejected.push({ line: record.unclosed, column: '', reason: 'A quote opened here is never closed' });
      continue;
    }
    // Too many cells is as wrong as too few (two rows run together, a comma in an unquoted value); empty trailing
    // cells (a trailing comma) are let pass.
    const overflow = record.cells.slice(width).some((c) => c.trim() !== '');
    if (record.cells.length < width || overflow) {
      rejected.push({
        line: record.line,
        column: overflow ? '' : (header[record.cells.length] ?? ''),
        reason:
          `The row has ${record.cells.length} cells; the header names ${width}` +
          // Twice the header less the cell the two share: a line break lost between two rows.
          (width > 1 && record.cells.length >= 2 * width - 1
            ? `: two rows seem to have run together (a missing line break); split them so the second is line ${record.line + 1}`
            : ''),
      });
      continue;
    }
    const cells: Record<string, string> = {};
    for (let k = 0; k < width; k++) if (header[k]) cells[header[k]!] = record.cells[k]!.trim();
    rows.push({ line: record.line, cells });
  }
  return { rows, rejected, header, read: body.length };
}
