import { describe, expect, it } from 'vitest';
import { candidatesColumns, previewsColumns } from './rows-columns';

const shown = (columns: { headerName?: string; hide?: boolean | null }[]) =>
  columns.filter((c) => !c.hide).map((c) => c.headerName);

describe('the Candidates grid (seed 001 §2)', () => {
  it('when the type uses Group 1 / Group 2, then every method’s groups, the preview counts, the header and audit columns are shown (and so exported)', () => {
    const names = shown(candidatesColumns({ movement: false, editable: true, groups: true }));
    expect(names).toEqual(
      expect.arrayContaining([
        'Group 1 Quantity',
        'Group 2 Quantity',
        'Group 1 FIFO',
        'Group 2 FIFO',
        'Group 1 LIFO',
        'Group 2 LIFO',
        'Group 1 Average',
        'Group 2 Average',
        'Previews',
        'Preview Successes',
        'Preview Failures',
        'All Previews (incl. Edited)',
        'Header Version',
        'Header Code',
        'SEDOL',
        'ISIN',
        'Created Date',
        'Created By',
        'Modified Date',
        'Modified By',
      ]),
    );
  });

  it('when the type has no groups, then the group columns are hidden and the others stay', () => {
    const names = shown(candidatesColumns({ movement: false, editable: false, groups: false }));
    expect(names.filter((n) => n?.startsWith('Group'))).toEqual([]);
    expect(names).toContain('Header Code');
  });

  it('when the groups are the method’s own, then only the quantities used are editable', () => {
    const columns = candidatesColumns({ movement: false, editable: true, groups: true });
    const editable = columns.filter((c) => c.editable).map((c) => c.headerName);
    expect(editable).toEqual(['Holding Quantity', 'CGT Cost', 'Group 1 Quantity', 'Group 2 Quantity']);
  });
});

describe('the Previews grid (seed 001 §2)', () => {
  it('shows the acquisition date, per parent, price, factor, qualifying amounts, versions and audit columns', () => {
    expect(shown(previewsColumns({ editable: false }))).toEqual(
      expect.arrayContaining([
        'Acquisition Date',
        'Per Parent',
        'Price',
        'Apportionment Factor',
        'Group 1 Qualifying Amount',
        'Group 2 Qualifying Amount',
        'Candidate Version',
        'Header Version',
        'Header Code',
        'Created Date',
        'Created By',
        'Modified Date',
        'Modified By',
      ]),
    );
  });
});
