import { createRequire } from 'node:module';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Gains' documents as PDF (trade lists now, reports later): a small typed description rendered by pdfmake on the
 * server. Only the PDF standard fonts are used (Helvetica), so no font file ships and every viewer has them; their
 * WinAnsi encoding holds £ and the typographic quotes and dashes our text uses.
 */

export type PdfAlign = 'left' | 'right' | 'center';

export interface PdfColumn {
  title: string;
  /** money and quantities: 'right', so the figures line up by their last digit */
  align?: PdfAlign;
  /** points, '*' (share the room left) or 'auto' (the content's width, the default) */
  width?: number | '*' | 'auto';
}

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; tone?: 'normal' | 'note' | 'warning' }
  | { kind: 'list'; items: string[] }
  /** label and value pairs; values right-aligned unless `align` says otherwise, as they are mostly figures */
  | { kind: 'keyValues'; rows: { label: string; value: string }[]; align?: PdfAlign }
  /** the header row is repeated on every page the table reaches; `totals` is a last, bold row */
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][]; totals?: string[] }
  /** lines to sign on, side by side, kept together on one page */
  | { kind: 'signature'; lines: { label: string; blank?: number }[] }
  /** short blocks side by side (figures beside figures), each column a list of blocks */
  | { kind: 'columns'; columns: PdfBlock[][] };

export interface PdfClient {
  code: string;
  name: string;
  address: string[];
}

export interface GainsPdf {
  /** the firm: at the top of every page, and the document's author */
  firm: string;
  title: string;
  /** under the title, e.g. the date the document speaks for */
  subtitle?: string;
  client?: PdfClient;
  /** what the document is about, beside the client: portfolio, dates */
  facts?: { label: string; value: string }[];
  blocks: PdfBlock[];
  /** wide tables read better across the page */
  orientation?: 'portrait' | 'landscape';
}

// pdfmake 0.3 in Node is a CommonJS singleton (module.exports = an instance): `import` would see no named
// functions, so it is required, typed by @types/pdfmake.
const pdfMake = createRequire(import.meta.url)('pdfmake') as typeof import('pdfmake');

const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];
pdfMake.setFonts({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});
// A document is built from our own data only: no URL is fetched and no file read but the standard fonts' names.
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((path) => STANDARD_FONTS.includes(path));

const GREY = '#555555';
const RULE = '#999999';
const MARGIN = 40;

/** Rules under the header row and above the totals row, light ones between rows. */
function tableLayout(headerRows: number, hasTotals: boolean): CustomTableLayout {
  return {
    hLineWidth: (i, node) => {
      const last = node.table.body.length;
      if (i === headerRows || (hasTotals && i === last - 1)) return 1;
      return i === 0 || i === last ? 0 : 0.25;
    },
    vLineWidth: () => 0,
    hLineColor: (i) => (i === headerRows ? '#000000' : RULE),
    fillColor: (row) => (row < headerRows ? '#eeeeee' : null),
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 2,
    paddingBottom: () => 2,
  };
}

function table(block: Extract<PdfBlock, { kind: 'table' }>): Content {
  const width = block.columns.length;
  for (const row of [...block.rows, ...(block.totals ? [block.totals] : [])]) {
    if (row.length !== width) throw new Error(`A table row has ${row.length} cells for ${width} columns`);
  }
  const align = (i: number) => block.columns[i]!.align ?? 'left';
  const header: TableCell[] = block.columns.map((c, i) => ({ text: c.title, bold: true, alignment: align(i) }));
  const body: TableCell[][] = [
    header,
    ...block.rows.map((row) => row.map((text, i): TableCell => ({ text, alignment: align(i) }))),
  ];
  if (block.totals) body.push(block.totals.map((text, i): TableCell => ({ text, bold: true, alignment: align(i) })));
  return {
    table: {
      headerRows: 1,
      // a header alone at a page's foot is moved to the next page with its first row
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: block.columns.map((c) => c.width ?? 'auto'),
      body,
    },
    layout: tableLayout(1, !!block.totals),
    fontSize: 8,
    margin: [0, 2, 0, 10],
  };
}

function block(b: PdfBlock): Content {
  switch (b.kind) {
    case 'heading':
      // headlineLevel marks it for pageBreakBefore
      return { text: b.text, style: 'heading', headlineLevel: 1 };
    case 'paragraph':
      return {
        text: b.text,
        margin: [0, 0, 0, 6],
        ...(b.tone === 'note' ? { color: GREY, italics: true } : {}),
        ...(b.tone === 'warning' ? { bold: true } : {}),
      };
    case 'list':
      return { ul: b.items, margin: [0, 0, 0, 8] };
    case 'keyValues':
      return {
        table: {
          widths: ['auto', 'auto'],
          body: b.rows.map((r): TableCell[] => [
            { text: r.label, color: GREY },
            { text: r.value, alignment: b.align ?? 'right' },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
      };
    case 'table':
      return table(b);
    case 'signature':
      return {
        // the signing lines stay together: a client never signs across a page break
        unbreakable: true,
        margin: [0, 16, 0, 0],
        columnGap: 24,
        columns: b.lines.map((l) => ({ width: 'auto', text: `${l.label}: ${'_'.repeat(l.blank ?? 40)}` })),
      };
    case 'columns':
      // moved whole to the next page when it does not fit; the last column takes the room left (a long note wraps)
      return {
        unbreakable: true,
        columnGap: 48,
        columns: b.columns.map((c, i) => ({ width: i === b.columns.length - 1 ? '*' : 'auto', stack: c.map(block) })),
      };
  }
}

/** Who the document is for, with what it is about (the facts) beside them. */
function addressee(doc: GainsPdf): Content[] {
  const who: Content[] = doc.client
    ? [{ text: `${doc.client.code}  ${doc.client.name}`, bold: true }, ...doc.client.address]
    : [];
  if (!doc.facts?.length) return who.length ? [{ stack: who, margin: [0, 0, 0, 10] }] : [];
  const facts = block({ kind: 'keyValues', rows: doc.facts, align: 'left' });
  return [
    {
      columnGap: 48,
      margin: [0, 0, 0, 10],
      columns: [
        { width: 'auto', stack: who },
        { width: 'auto', stack: [facts] },
      ],
    },
  ];
}

/** The pdfmake definition of a document (exported for tests and for documents that need more than blocks). */
export function definitionOf(doc: GainsPdf): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: doc.orientation ?? 'portrait',
    pageMargins: [MARGIN, 50, MARGIN, 45],
    info: {
      title: doc.title,
      author: doc.firm,
      subject: doc.subtitle ?? doc.title,
      creator: 'Gains',
      producer: 'Gains',
    },
    defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 10, color: GREY, margin: [0, 0, 0, 12] },
      heading: { fontSize: 12, bold: true, margin: [0, 6, 0, 3] },
    },
    header: () => ({
      columns: [
        { text: doc.firm, bold: true },
        { text: doc.title, alignment: 'right', color: GREY },
      ],
      fontSize: 9,
      margin: [MARGIN, 20, MARGIN, 0],
    }),
    footer: (page, pages) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: GREY,
      margin: [MARGIN, 15, MARGIN, 0],
    }),
    // a heading never ends a page: it moves to the next with what it heads (nothing after it on the page, or it
    // starts in the page's last tenth, where a table's header row and first rows would not fit)
    pageBreakBefore: (node, next) =>
      node.headlineLevel === 1 &&
      (next.getFollowingNodesOnPage().length === 0 || (node.startPosition?.verticalRatio ?? 0) > 0.9),
    content: [
      { text: doc.title, style: 'title' },
      ...(doc.subtitle ? [{ text: doc.subtitle, style: 'subtitle' }] : []),
      ...addressee(doc),
      ...doc.blocks.map(block),
    ],
  };
}

/** The document as PDF bytes. */
export async function renderPdf(doc: GainsPdf): Promise<Buffer> {
  return pdfMake.createPdf(definitionOf(doc)).getBuffer();
}
