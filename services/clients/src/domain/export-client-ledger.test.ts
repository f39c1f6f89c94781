import { describe, expect, it } from 'vitest';
import {
  cgtArgsOf,
  ledgerCsvLine,
  securityCodes,
  taxpayerOf,
  trimDecimal,
  type ExportClient,
  type ExportRow,
} from './export-client-ledger';

const ROW: ExportRow = {
  id: 1n,
  uuid: '11111111-1111-4111-8111-111111111111',
  portfolioId: 7,
  securityId: 5,
  tradeDate: '2025-06-02',
  effect: 'SELL',
  quantity: '150.50000000',
  price: '4.80000000',
  currency: 'USD',
  considerationGbp: '722.40',
  expensesGbp: '12.50',
  originalAcquisitionDate: null,
  counterpartyName: '',
  holdoverReliefClaimed: null,
  newSecurityId: null,
  marketValue: null,
  ratio: null,
  timing: 'before-trades',
};
const JOINT = { id: 7, uuid: 'p', code: 'J,1', taxWrapper: 'GIA', percentage: '50.000000' };
const CODES = new Map([
  [5, 'B0YBKJ7'],
  [6, 'GB00NEW'],
]);

describe('a ledger row as the engine’s CSV', () => {
  it('when a sale in dollars is in a joint portfolio, then it carries the GBP amounts, the share and its uuid as ref', () => {
    // quantity 150.5 exactly; the GBP consideration and expenses (no rate needed); the client's half; the code quoted.
    expect(ledgerCsvLine(ROW, JOINT, CODES, new Map())).toBe(
      `2025-06-02,SELL,B0YBKJ7,150.5,,722.4,12.5,"J,1",50,,,,,,,,${ROW.uuid}`,
    );
  });

  it('when a split, a takeover or an income row is exported, then the ratio, the new security and nothing are written', () => {
    const whole = { ...JOINT, code: 'P1', percentage: '100.000000' };
    expect(ledgerCsvLine({ ...ROW, effect: 'SPLIT', ratio: '2:1', expensesGbp: '0' }, whole, CODES, new Map())).toBe(
      `2025-06-02,SPLIT,B0YBKJ7,2:1,,,,P1,,,,,,,,,${ROW.uuid}`,
    );
    expect(
      ledgerCsvLine(
        {
          ...ROW,
          effect: 'TAKEOVER',
          newSecurityId: 6,
          marketValue: '900.00',
          timing: 'after-trades',
          expensesGbp: '0',
        },
        whole,
        CODES,
        new Map([[5, 'EXEMPT']]),
      ),
    ).toBe(`2025-06-02,TAKEOVER,B0YBKJ7,150.5,,722.4,,P1,,,,,GB00NEW,900,EXEMPT,after-trades,${ROW.uuid}`);
    expect(ledgerCsvLine({ ...ROW, effect: '' }, whole, CODES, new Map())).toBeNull();
  });

  it('when a demerger is exported, then its new shares’ price per share is written, which the engine values them by', () => {
    const whole = { ...JOINT, code: 'P1', percentage: '100.000000' };
    const demerger: ExportRow = {
      ...ROW,
      effect: 'DEMERGER',
      quantity: '250.00000000',
      price: '3.20000000',
      currency: 'GBP',
      considerationGbp: '0',
      expensesGbp: '0',
      newSecurityId: 6,
      marketValue: '5600.00',
    };
    expect(ledgerCsvLine(demerger, whole, CODES, new Map())).toBe(
      `2025-06-02,DEMERGER,B0YBKJ7,250,3.2,,,P1,,,,,GB00NEW,5600,,,${ROW.uuid}`,
    );
    // a rights issue of the same class is valued by its cash, not its price: none written
    expect(
      ledgerCsvLine(
        { ...demerger, effect: 'RIGHTS_ISSUE', newSecurityId: null, marketValue: null },
        whole,
        CODES,
        new Map(),
      ),
    ).toBe(`2025-06-02,RIGHTS_ISSUE,B0YBKJ7,250,,0,,P1,,,,,,,,,${ROW.uuid}`);
  });

  it('when two securities share a SEDOL or have none, then each still gets its own code', () => {
    const s = (id: number, sedol: string, isin: string) => ({
      id,
      sedol,
      isin,
      name: '',
      cgtClass: 'CAPITAL',
      priceGbp: null,
      priceDate: null,
    });
    expect([...securityCodes([s(1, 'A', ''), s(2, 'A', 'GB2'), s(3, '', 'GB3'), s(4, '', '')])]).toEqual([
      [1, 'A'],
      [2, 'ID2'],
      [3, 'GB3'],
      [4, 'ID4'],
    ]);
    expect(trimDecimal('100.00000000')).toBe('100');
    expect(trimDecimal('0.10')).toBe('0.1');
  });
});

describe('the taxpayer of a client', () => {
  const client: ExportClient = {
    id: 1,
    code: 'C1',
    type: 'VULNERABLE_TRUST',
    company: false,
    deceased: false,
    dateDeceased: null,
    yearEnd: null,
    ledgerVersion: 1,
    overrides: [
      { taxYear: '2023-24', type: 'BROUGHT_FORWARD_LOSS', amount: '1200.00' },
      { taxYear: '2024-25', type: 'ANNUAL_EXEMPTION', amount: '1500.00' },
    ],
  };
  it('when a trust for a vulnerable beneficiary has overrides, then the engine and `pnpm cgt` get the same taxpayer', () => {
    const t = taxpayerOf(client);
    expect(t).toEqual({
      kind: 'trust',
      vulnerableBeneficiaryTrust: true,
      dateOfDeath: '',
      annualExemptAmountOverrides: { '2024-25': '1500.00' },
      lossesBroughtForward: '1200.00',
      accountingYearEnd: '',
    });
    expect(cgtArgsOf(t)).toEqual([
      '--taxpayer',
      'trust',
      '--vulnerable-beneficiary',
      '--losses-brought-forward',
      '1200.00',
      '--aea',
      '2024-25=1500.00',
    ]);
  });

  it('when a client has died or is a company, then the kind, date of death and year end follow', () => {
    expect(
      taxpayerOf({ ...client, type: 'INDIVIDUAL', deceased: true, dateDeceased: '2024-01-31', overrides: [] }),
    ).toMatchObject({ kind: 'personal-representatives', dateOfDeath: '2024-01-31' });
    expect(taxpayerOf({ ...client, type: 'COMPANY', yearEnd: '12-31', overrides: [] })).toMatchObject({
      kind: 'company',
      accountingYearEnd: '12-31',
    });
  });

  it('when the client row stores its type by name, as the screens and the demo write it, then the kind follows', () => {
    // "Trust" is the name the clients grid shows; computed as an individual, a trust would get the full exempt
    // amount instead of half (TCGA 1992 Sch 1 para 2)
    expect(taxpayerOf({ ...client, type: 'Trust', overrides: [] }).kind).toBe('trust');
    expect(taxpayerOf({ ...client, type: 'Trust for a vulnerable beneficiary', overrides: [] })).toMatchObject({
      kind: 'trust',
      vulnerableBeneficiaryTrust: true,
    });
    expect(taxpayerOf({ ...client, type: 'Individual', overrides: [] }).kind).toBe('individual');
    expect(
      taxpayerOf({ ...client, type: 'Personal Representative', dateDeceased: '2024-01-31', overrides: [] }).kind,
    ).toBe('personal-representatives');
  });
});
