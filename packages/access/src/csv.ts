/**
 * A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets (a
 * negative number stays a number). One writer for the BFF's CSV answers and the web app's own files.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV lines (CRLF, as spreadsheets expect), each a row of fields. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
