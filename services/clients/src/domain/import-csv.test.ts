import { describe, expect, it } from 'vitest';
import { readTable } from './import-csv';

const COLUMNS = [{ name: 'date', required: true }, { name: 'type', required: true }, { name: 'quantity' }];

describe('reading an import file', () => {
  it('when a row has more cells than the header names, then it is rejected naming its line', () => {
    // two rows run together: line 3 carries five cells under a header of three
    const { rows, rejected } = readTable(
      'date,type,quantity\n2025-05-01,BUY,7\n2025-06-02,BUY,52025-07-01,BUY,3\n',
      COLUMNS,
    );
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(rejected).toEqual([
      {
        line: 3,
        column: '',
        reason:
          'The row has 5 cells; the header names 3: two rows seem to have run together (a missing line break); ' +
          'split them so the second is line 4',
      },
    ]);
    // one cell too many is only that
    expect(readTable('date,type,quantity\n2025-05-01,BUY,7,x\n', COLUMNS).rejected[0]!.reason).toBe(
      'The row has 4 cells; the header names 3',
    );
  });

  it('when a row ends in a trailing comma, then the empty cell is let pass', () => {
    const { rows, rejected } = readTable('date,type,quantity\n2025-05-01,BUY,7,\n', COLUMNS);
    expect(rejected).toEqual([]);
    expect(rows[0]!.cells).toEqual({ date: '2025-05-01', type: 'BUY', quantity: '7' });
  });

  it('when a row is short, then it is rejected naming the first missing column', () => {
    const { rejected } = readTable('date,type,quantity\n2025-05-01,BUY\n', COLUMNS);
    expect(rejected).toEqual([{ line: 2, column: 'quantity', reason: 'The row has 2 cells; the header names 3' }]);
  });
});
