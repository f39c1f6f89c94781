import { readFileSync } from 'node:fs';
import { fromJson, toJson, type JsonValue } from '@bufbuild/protobuf';
import { taxEngine } from '@gains/proto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLedgerFile, formatLedgerCsv, TRANSACTION_TYPES, type LedgerTransaction } from '../engine';
import { referenceData } from '../../test/engine-support';
import { ledgerCalculationJson, type LedgerCalculation } from './ledger-calculation-json';

/** Protobuf's own JSON of the answer as a LedgerCalculation message (every field present). */
const protobufJson = (answer: LedgerCalculation) =>
  toJson(
    taxEngine.LedgerCalculationSchema,
    fromJson(taxEngine.LedgerCalculationSchema, answer as unknown as JsonValue),
    { alwaysEmitImplicit: true },
  );

const example = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8');

/** The CLI's JSON without its nulls: proto3 JSON leaves an unset optional field out. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

describe('the service’s answer as JSON', () => {
  it('when the mixed example is answered, then its JSON is protobuf’s JSON of the message, with every figure `pnpm cgt --json` prints', () => {
    const result = computeLedgerFile(
      { ledgerCsv: example('mixed-ledger.csv'), pricesCsv: example('prices.csv'), taxpayer: { kind: 'individual' } },
      referenceData,
    );
    if (!result.ok) throw new Error('the example is malformed');
    const { computation, transactions, disposalsPage } = result;
    const answer = JSON.parse(ledgerCalculationJson({ computation, transactions, computeMs: 1.5, disposalsPage }));
    expect(answer).toEqual(protobufJson({ computation, transactions, computeMs: 1.5, disposalsPage }));
    expect(answer.computation).toEqual(withoutNulls(computation));
    expect(answer).toMatchObject({ transactions, computeMs: 1.5, disposalsPage });
  });

  it('when any ledger is answered, a page at a time, then its JSON is protobuf’s JSON of the message (fast-check)', () => {
    const figure = fc.constantFrom('0', '1', '3', '100', '1000.5', '2:1', '1:3', '0.01', '99999999999');
    const anyRow = fc.record({
      date: fc.constantFrom('2010-01-01', '2016-02-29', '2020-06-01', '2024-10-29', '2024-11-01'),
      type: fc.constantFrom(...TRANSACTION_TYPES),
      security: fc.constantFrom('A', 'B'),
      quantity: figure,
      price: figure,
      amount: figure,
      marketValue: figure,
      newSecurity: fc.constantFrom('A', 'N'),
      portfolio: fc.constantFrom('GIA', 'J', ''),
      counterparty: fc.constantFrom('', 'S'),
    });
    const trade = fc.record({
      date: fc.constantFrom('2016-02-29', '2020-06-01', '2024-10-29', '2024-11-01'),
      type: fc.constantFrom('BUY', 'SELL'),
      security: fc.constantFrom('A', 'B'),
      quantity: fc.constantFrom('1', '3', '7', '100'),
      price: fc.constantFrom('1', '2.5', '0.333'),
      portfolio: fc.constantFrom('GIA', 'J'),
    });
    const row = fc.oneof({ weight: 4, arbitrary: trade }, { weight: 1, arbitrary: anyRow });
    let paged = 0;
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 25 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('individual' as const, 'company' as const),
        (rows, page, kind) => {
          const ledgerCsv = formatLedgerCsv({
            transactions: rows as LedgerTransaction[],
            portfolios: { J: { ownershipPercent: '50' } },
          });
          const result = computeLedgerFile(
            {
              ledgerCsv,
              pricesCsv: 'security,price\nA,1.25\n',
              taxpayer: { kind },
              disposalsPage: { page, pageSize: 2 },
            },
            referenceData,
          );
          if (!result.ok) return;
          const { computation, transactions, disposalsPage } = result;
          const answer = JSON.parse(ledgerCalculationJson({ computation, transactions, computeMs: 0, disposalsPage }));
          expect(answer).toEqual(protobufJson({ computation, transactions, computeMs: 0, disposalsPage }));
          const shown = answer.computation.taxYears.reduce(
            (n: number, y: { disposals: unknown[] }) => n + y.disposals.length,
            0,
          );
          expect(shown).toBe(Math.max(0, Math.min(2, disposalsPage.total - (page - 1) * 2)));
          if (disposalsPage.total > 2) paged++;
        },
      ),
      { numRuns: 500 },
    );
    // The ledgers really span pages.
    expect(paged).toBeGreaterThan(20);
  });
});
