import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLedger } from './compute-ledger';
import { TRANSACTION_TYPES, type Ledger, type LedgerTransaction, type TaxpayerKind } from './ledger';
import { ledgerFromCsv, parsePricesCsv } from './ledger-csv';
import { presentComputation } from './present';
import { referenceData } from '../../test/engine-support';

/**
 * Bad input never crashes the engine or gives a silent nil: any ledger, however malformed (zero, negative,
 * non-numeric and huge figures, impossible dates, unknown types, missing fields, ratios with a zero side),
 * is computed to the end, and anything it cannot use comes back as a failure with a message.
 */

const figure = fc.oneof(
  fc.constantFrom('0', '-1', '', '1e3', 'abc', '0.000001', '99999999999999999999', '1:0', '0:1', '2:1', '1/3'),
  fc.constantFrom('3', '100', '1000.5', ' 5 ', '£3', '1,000'),
  fc.integer({ min: 0, max: 100_000 }).map(String),
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const rowArb = fc.record({
  date: fc.constantFrom('2010-01-01', '2016-02-29', '2017-02-29', '2020-13-01', '', '2024-10-29', '2008-04-05'),
  type: fc.constantFrom<string>(...TRANSACTION_TYPES, 'BOGUS'),
  security: fc.constantFrom('A', 'B', ''),
  quantity: optional(figure),
  price: optional(figure),
  amount: optional(figure),
  expenses: optional(figure),
  marketValue: optional(figure),
  holdoverRelief: optional(figure),
  portfolio: optional(fc.constantFrom('GIA', 'J')),
  acquired: optional(fc.constantFrom('2005-01-01', '2020-01-01', 'x')),
  newSecurity: optional(fc.constantFrom('A', 'N', '')),
  counterparty: optional(fc.constantFrom('S', '')),
  connected: optional(fc.boolean()),
});
const kindArb = fc.constantFrom<TaxpayerKind>('individual', 'trust', 'personal-representatives', 'company');

describe('robustness (fast-check)', () => {
  it('when a ledger is malformed in any way, then it is computed to the end and what it cannot use is a failure with a message', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), kindArb, (rows, kind) => {
        const transactions = rows.map(
          (r) =>
            Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as unknown as LedgerTransaction,
        );
        const ledger: Ledger = {
          taxpayer: { kind, dateOfDeath: '2019-01-01', lossesBroughtForward: '100' },
          transactions,
          portfolios: { J: { ownershipPercent: '50' } },
        };
        const c = computeLedger(ledger, referenceData);
        presentComputation(c);
        for (const f of c.failures) expect(f.message.length).toBeGreaterThan(0);
        // A disposal that could not be costed is marked, and its year is incomplete rather than silently short.
        for (const d of c.disposals) {
          if (d.failure) expect(c.taxYears.find((y) => y.taxYear === d.taxYear)?.complete).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('when a CSV file is any text at all, then it is read or refused with errors, never a crash', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('BUY', 'SELL', 'SPLIT', '2020-01-01', '1:2', '"a,b"', '"x""y"', '100', '', '\r', '\n', '"'),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 12 }), { maxLength: 20 }), fc.boolean(), (lines, header) => {
        const text =
          (header ? 'date,type,security,quantity,price,amount,expenses,portfolio,acquired\n' : '') +
          lines.map((cells) => cells.join(',')).join('\n');
        const { ledger, errors } = ledgerFromCsv(text, { kind: 'individual' });
        for (const e of errors) expect(e.message.length).toBeGreaterThan(0);
        if (errors.length === 0) computeLedger(ledger, referenceData);
        parsePricesCsv(text);
      }),
      { numRuns: 2000 },
    );
  });
});
