import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from './ledger';
import { formatLedgerCsv, parseLedgerCsv, parsePricesCsv, readCsvRecord, splitCsv, type CsvRecord } from './ledger-csv';

describe('ledger CSV', () => {
  it('when a corporate action has a timing, then it is read (after trades, before trades) and refused on a trade', () => {
    const parsed = parseLedgerCsv(
      'date,type,security,quantity,price,timing\n' +
        '2022-06-01,SPLIT,P,2,,After Trades\n' +
        '2022-06-02,SPLIT,P,2,,before\n' +
        '2022-06-03,BUY,P,1,1,after-trades\n' +
        '2022-06-04,SPLIT,P,2,,at noon\n',
    );
    expect(parsed.transactions.map((t) => t.timing)).toEqual(['after-trades', 'before-trades']);
    expect(parsed.errors).toEqual([
      { line: 4, column: 'timing', message: "timing is for corporate actions; a BUY is one of the day's trades" },
      { line: 5, column: 'timing', message: '"at noon" is not before-trades or after-trades' },
    ]);
    expect(formatLedgerCsv({ transactions: parsed.transactions })).toBe(
      'date,type,security,quantity,timing\n2022-06-01,SPLIT,P,2,after-trades\n2022-06-02,SPLIT,P,2,before-trades\n',
    );
  });

  it('when cells are quoted, then commas and quotes inside them survive', () => {
    expect(splitCsv('a,b\n"x, y","say ""hi"""\n').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });

  it('when a line has no quotes, then the quick split reads it as the character-by-character reader does (fast-check)', () => {
    // The reference: every record read by the full reader (quotes, doubled quotes, line breaks in quotes,
    // CR LF, lone CR, blank lines).
    const slowly = (text: string) => {
      const records: CsvRecord[] = [];
      for (let i = 0, line = 1; i < text.length;) {
        const read = readCsvRecord(text, i, line);
        if (read.keep)
          records.push(
            read.unclosedQuote
              ? { line, cells: read.cells, unclosedQuote: read.unclosedQuote }
              : { line, cells: read.cells },
          );
        i = read.next;
        line = read.line;
      }
      return records;
    };
    const piece = fc.constantFrom('a', 'b1', ' ', ',', '"', '""', '\n', '\r\n', '\r', '2024-04-05', '£3.50', 'x y');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(splitCsv(text)).toEqual(slowly(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('when a quote is never closed, then the file is refused at the line and column where it opened', () => {
    // Line 3's quantity opens a quote that nothing closes: lines 4 and 5 would be swallowed into that cell.
    const p = parseLedgerCsv(
      'date,type,security,quantity,price\n' +
        '2020-01-01,BUY,X,100,1\n' +
        '2020-02-01,SELL,X,"10,2\n' +
        '2020-03-01,SELL,X,10,2\n' +
        '2020-04-01,SELL,X,10,2\n',
    );
    expect(p.errors).toEqual([
      {
        line: 3,
        column: 'quantity',
        message: 'a quote opened here is never closed, so every line after it would be read into this cell',
      },
    ]);
  });

  it('when a row has fewer cells than the header, then it is refused naming the first column it lacks', () => {
    // Line 3 has lost its price (4 cells of 5); a trailing empty header cell asks for nothing.
    const p = parseLedgerCsv('date,type,security,quantity,price,\n2020-01-01,BUY,X,100,1\n2020-02-01,SELL,X,10\n');
    expect(p.errors).toEqual([
      {
        line: 3,
        column: 'price',
        message: '4 cells but the header has 5: "price" and the columns after it are missing',
      },
    ]);
    expect(p.transactions).toHaveLength(1);
  });

  it('when a prices file has a column other than security and price, then it is refused naming it', () => {
    expect(parsePricesCsv('security,price,date\nX,1.50,2024-04-05\n').errors).toEqual([
      {
        line: 1,
        column: 'date',
        message: 'unknown column "date" (a prices file has columns "security" and "price")',
      },
    ]);
    // Its rows have the same checks as the ledger's: a quote never closed, a cell missing.
    expect(parsePricesCsv('security,price\nX\n"Y,2\n').errors).toEqual([
      {
        line: 2,
        column: 'price',
        message: '1 cell but the header has 2: "price" and the columns after it are missing',
      },
      {
        line: 3,
        column: 'security',
        message: 'a quote opened here is never closed, so every line after it would be read into this cell',
      },
    ]);
  });

  it('when a ledger has optional columns, then they map to the transaction', () => {
    const p = parseLedgerCsv(
      'Date,Type,Security,Quantity,Price,Amount,Expenses,Portfolio,Acquired,New_Security,Market_Value,Counterparty,Connected,Class,Ownership\n' +
        '2020-01-01,transfer_in,GILT,100,,95,,P1,2019-01-01,,,,,EXEMPT,50\n' +
        '2020-02-01,GIFT_OUT,GILT,10,,,,,,,100,son,,,\n',
    );
    expect(p.errors).toEqual([]);
    expect(p.transactions[0]).toMatchObject({
      type: 'TRANSFER_IN',
      amount: '95',
      acquired: '2019-01-01',
      portfolio: 'P1',
      ref: 'line 2',
    });
    expect(p.transactions[1]).toMatchObject({
      type: 'GIFT_OUT',
      marketValue: '100',
      counterparty: 'son',
      connected: true,
    });
    expect(p.securities).toEqual({ GILT: { gainClass: 'exempt' } });
    expect(p.portfolios).toEqual({ P1: { ownershipPercent: '50' } });
  });

  it('when a ledger is written as CSV, then only the columns it uses are written and reading it gives the same rows', () => {
    const transactions: LedgerTransaction[] = [
      {
        date: '2020-01-01',
        type: 'TRANSFER_IN',
        security: 'GILT',
        quantity: '100',
        amount: '95',
        portfolio: 'P1',
        acquired: '2019-01-01',
      },
      {
        date: '2020-02-01',
        type: 'GIFT_OUT',
        security: 'GILT',
        quantity: '10',
        marketValue: '100',
        counterparty: 'Smith, J "Jr"',
        connected: true,
      },
      {
        date: '2020-03-01',
        type: 'TAKEOVER',
        security: 'VOD',
        quantity: '50',
        amount: '12.5',
        price: '2',
        newSecurity: 'NEWVOD',
      },
      {
        date: '2020-04-01',
        type: 'GIFT_OUT',
        security: 'VOD',
        quantity: '1',
        price: '3',
        counterparty: 'charity',
        connected: false,
        holdoverRelief: '1',
      },
    ];
    const csv = formatLedgerCsv({
      transactions,
      securities: { GILT: { gainClass: 'exempt' } },
      portfolios: { P1: { ownershipPercent: '50' } },
    });
    expect(csv.split('\n')).toEqual([
      'date,type,security,quantity,price,amount,portfolio,acquired,counterparty,holdover_relief,new_security,market_value,connected,class,ownership',
      '2020-01-01,TRANSFER_IN,GILT,100,,95,P1,2019-01-01,,,,,,EXEMPT,50',
      '2020-02-01,GIFT_OUT,GILT,10,,,,,"Smith, J ""Jr""",,,100,Y,EXEMPT,',
      '2020-03-01,TAKEOVER,VOD,50,2,12.5,,,,,NEWVOD,,,,',
      '2020-04-01,GIFT_OUT,VOD,1,3,,,,charity,1,,,N,,',
      '',
    ]);
    const read = parseLedgerCsv(csv);
    expect(read.errors).toEqual([]);
    expect(read.transactions.map(({ ref: _ref, ...t }) => t)).toEqual(transactions);
    expect(read.securities).toEqual({ GILT: { gainClass: 'exempt' } });
    expect(read.portfolios).toEqual({ P1: { ownershipPercent: '50' } });
  });

  it('when the header lacks a required column or has an unknown one, then the error names it', () => {
    expect(parseLedgerCsv('date,type,quantity\n').errors.map((e) => e.column)).toEqual(['security']);
    expect(parseLedgerCsv('date,type,security,colour\n').errors[0]).toMatchObject({ line: 1, column: 'colour' });
  });

  it('when a ledger has a reference or a notes column, then the reference is echoed with the line and the notes are ignored', () => {
    const p = parseLedgerCsv(
      'date,type,security,quantity,price,Transaction ID,Notes\n' +
        '2020-01-01,BUY,X,10,2,T-17,"first buy, via the old platform"\n' +
        '2020-01-02,BUY,X,5,2,,\n',
    );
    expect(p.errors).toEqual([]);
    expect(p.transactions.map((t) => t.ref)).toEqual(['line 2 (T-17)', 'line 3']);
    expect(p.transactions[0]).toEqual({
      date: '2020-01-01',
      type: 'BUY',
      security: 'X',
      quantity: '10',
      price: '2',
      ref: 'line 2 (T-17)',
    });
  });

  it('when types are written in words or rows end with a comma, then they are read as the same rows', () => {
    const p = parseLedgerCsv(
      'date,type,security,quantity,price\n2020-01-01,Transfer In,X,10,2,\n2020-01-02,gift-out,X,5,3,,\n',
    );
    expect(p.errors).toEqual([]);
    expect(p.transactions.map((t) => t.type)).toEqual(['TRANSFER_IN', 'GIFT_OUT']);
    // A cell with something in it past the header is still an error.
    expect(parseLedgerCsv('date,type,security\n2020-01-01,BUY,X,oops\n').errors[0]).toMatchObject({ line: 2 });
  });

  it('when a split ratio or amount is malformed, then the error names the line and column', () => {
    const p = parseLedgerCsv('date,type,security,quantity,price\n2020-01-01,SPLIT,X,2:0,\n2020-01-02,BUY,X,1,-4\n');
    expect(p.errors).toEqual([
      { line: 2, column: 'quantity', message: '"2:0" is not a ratio new:old (e.g. 2 or 1:10)' },
      { line: 3, column: 'price', message: '"-4" is not an amount' },
    ]);
  });
});
