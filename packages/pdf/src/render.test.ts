// A document rendered to PDF and read back with poppler's pdftotext, as a client's viewer would show it.
import { describe, expect, it } from 'vitest';
import { gbp, quantity } from './format';
import { pdfInfo, pdfPages } from './pdf-text';
import { renderPdf, type GainsPdf } from './render';

const ROWS = 150;
const code = (n: number) => `ROW-${String(n).padStart(3, '0')}`;
// row n: n x 1,000.5 units at £1,234.50 each is written here as text, never computed through floats
const rows = Array.from({ length: ROWS }, (_, i) => [code(i + 1), `Security number ${i + 1} plc`, '1000.5', '1234.5']);

const doc: GainsPdf = {
  firm: 'Ashworth Wealth Management',
  title: 'Trade list',
  subtitle: 'Proposed sales, 27/11/2026',
  client: { code: 'ASH00001', name: 'Ada Lovelace', address: ['1 Analytical Row', 'London', 'EC1A 1AA'] },
  blocks: [
    { kind: 'heading', text: 'Sales' },
    {
      kind: 'table',
      columns: [
        { title: 'Code' },
        { title: 'Security', width: '*' },
        { title: 'Quantity', align: 'right' },
        { title: 'Price', align: 'right' },
      ],
      rows: rows.map(([c, name, q, p]) => [c!, name!, quantity(q), gbp(p)]),
      totals: ['Total', '', quantity('150075.0'), ''],
    },
    { kind: 'keyValues', rows: [{ label: 'Annual exempt amount remaining', value: gbp('-12.3') }] },
    { kind: 'signature', lines: [{ label: 'Approved by the client' }, { label: 'Date', blank: 20 }] },
  ],
};

describe('renderPdf', () => {
  it('when a table runs over three pages, then every page has the firm, the header row and "Page N of M"', async () => {
    const pdf = await renderPdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = pdfPages(pdf);
    // 150 rows on A4 portrait: 48 under the title and client, 57, then 45 with the totals and signature lines
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Page 1 of 3');
    pages.forEach((page, i) => {
      const where = `page ${i + 1}`;
      expect(page, where).toContain('Ashworth Wealth Management');
      expect(page, where).toContain(`Page ${i + 1} of ${pages.length}`);
      // the header row, once, its titles on one line
      expect(page.match(/^\s*Code\s+Security\s+Quantity\s+Price\s*$/gm), where).toHaveLength(1);
    });
    // every row once, in order, each figure as the client reads it
    const text = pages.join('\n');
    const found = [...text.matchAll(/^\s*(ROW-\d{3})\s+Security number \d+ plc\s+1,000\.5\s+£1,234\.50\s*$/gm)];
    expect(found.map((m) => m[1])).toEqual(rows.map((r) => r[0]));
    // the client block and title on the first page only; totals, figures and signature lines on the last
    expect(pages[0]).toMatch(/ASH00001\s+Ada Lovelace/);
    expect(pages[0]).toContain('EC1A 1AA');
    expect(pages[1]).not.toContain('Ada Lovelace');
    const last = pages.at(-1)!;
    expect(last).toMatch(/^\s*Total\s+150,075\.0\s*$/m);
    expect(last).toMatch(/Annual exempt amount remaining\s+-£12\.30/);
    expect(last).toMatch(/Approved by the client: _{40}/);
    expect(last).toMatch(/Date: _{20}/);
  });

  it('when rendered, then the title and the firm are the document’s title and author', async () => {
    const info = pdfInfo(await renderPdf(doc));
    expect(info.Title).toBe('Trade list');
    expect(info.Author).toBe('Ashworth Wealth Management');
    expect(info['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)$/);
  });

  it('when a row has fewer cells than the columns, then rendering fails rather than shifting figures', async () => {
    const bad: GainsPdf = {
      ...doc,
      blocks: [{ kind: 'table', columns: [{ title: 'A' }, { title: 'B' }], rows: [['x']] }],
    };
    await expect(renderPdf(bad)).rejects.toThrow('A table row has 1 cells for 2 columns');
  });
});
