import { ukDate, type PdfBlock, type PdfColumn } from '@gains/pdf';

/** A holding's portfolio as the holdings reports print it: its code, and its wrapper unless it is a GIA. */
export const portfolioCell = (h: { portfolioCode: string; taxWrapper: string }) =>
  `${h.portfolioCode}${h.taxWrapper === 'GIA' ? '' : ` (${h.taxWrapper})`}`;

/**
 * The holdings at the end of a day as one table with its totals row and a note on how its figures are made, or
 * the sentence saying nothing was held then.
 */
export function holdingsBlocks(table: {
  atDate: string;
  columns: PdfColumn[];
  rows: string[][];
  totals: string[];
  note: string;
}): PdfBlock[] {
  if (table.rows.length === 0)
    return [{ kind: 'paragraph', text: `Nothing was held at the end of ${ukDate(table.atDate)}.` }];
  const { columns, rows, totals, note } = table;
  return [
    { kind: 'table', columns, rows, totals },
    { kind: 'paragraph', tone: 'note', text: note },
  ];
}
