import { describe, expect, it } from 'vitest';
import { readTable } from './import-csv';
import {
  PORTFOLIO_COLUMNS,
  preparePortfolios,
  splitOwners,
  type PortfolioImportLookups,
} from './import-portfolio-rules';

const ANN = { id: 1, uuid: 'c4000000-0000-4000-8000-000000000001', code: 'ANN' };
const BOB = { id: 2, uuid: 'c4000000-0000-4000-8000-000000000002', code: 'BOB' };
const lookups: PortfolioImportLookups = {
  portfolios: new Map([
    [
      'P1',
      {
        id: 10,
        uuid: 'p4000000-0000-4000-8000-000000000010'.replace('p', 'a'),
        version: 3,
        code: 'P1',
        name: 'Joint',
        type: 'ADVISORY',
        state: 'LIVE',
        currency: 'GBP',
        taxWrapper: 'GIA',
        owners: [
          { clientUuid: ANN.uuid, percentage: '50' },
          { clientUuid: BOB.uuid, percentage: '50' },
        ],
      },
    ],
  ]),
  foreignPortfolios: new Set(['THEIRS']),
  clients: new Map([
    ['ANN', ANN],
    ['BOB', BOB],
  ]),
  foreignClients: new Set(['ZED']),
};

const rowsOf = (...lines: string[]) => readTable(lines.join('\n'), PORTFOLIO_COLUMNS).rows;

describe('splitOwners', () => {
  it('reads codes with their shares, separated by ; or |, a lone code without its share', () => {
    expect(splitOwners('ANN:60; BOB=40')).toEqual([
      { code: 'ANN', percentage: '60' },
      { code: 'BOB', percentage: '40' },
    ]);
    expect(splitOwners('ANN|')).toEqual([{ code: 'ANN', percentage: '' }]);
  });
});

describe('preparePortfolios', () => {
  it('when the stored portfolio is repeated, then it is unchanged; new shares make it a change; a lone owner holds 100', () => {
    const { prepared, rejected } = preparePortfolios(
      rowsOf('code,name,owners', 'p1,Joint,BOB:50;ANN:50', 'P2,Solo,ann', 'P3,Split,ANN:33.5;BOB:66.5'),
      lookups,
    );
    expect(rejected).toEqual([]);
    expect(prepared.map((p) => [p.portfolio.code, p.changed])).toEqual([
      ['P1', false],
      ['P2', true],
      ['P3', true],
    ]);
    expect(prepared[1]!.portfolio).toMatchObject({
      type: 'ADVISORY',
      taxWrapper: 'GIA',
      owners: [{ clientUuid: ANN.uuid, percentage: '100' }],
    });
    expect(prepared[2]!.ownerIds).toEqual(
      new Map([
        [ANN.uuid, 1],
        [BOB.uuid, 2],
      ]),
    );
  });

  it('when owners are left out, then the stored owners stay', () => {
    const { prepared } = preparePortfolios(rowsOf('code,name,tax_wrapper', 'P1,Joint,ISA'), lookups);
    expect(prepared[0]).toMatchObject({ changed: true, portfolio: { taxWrapper: 'ISA' } });
    expect(prepared[0]!.portfolio.owners).toHaveLength(2);
    expect(prepared[0]!.ownerIds.size).toBe(2);
  });

  it("when a row names another firm's portfolio or client, then it is refused naming it", () => {
    const { rejected } = preparePortfolios(rowsOf('code,name,owners', 'THEIRS,X,ANN', 'P4,Y,ZED'), lookups);
    expect(rejected).toEqual([
      {
        line: 2,
        column: 'code',
        reason: "Portfolio THEIRS belongs to another organisation: a file may only name this organisation's portfolios",
      },
      {
        line: 3,
        column: 'owners',
        reason: 'Client ZED belongs to another organisation: an owner must be a client of this organisation',
      },
    ]);
  });

  it("when a row breaks the form's rules, then each rule is listed by its column", () => {
    const { rejected } = preparePortfolios(
      rowsOf('code,name,currency,owners', 'P5,,POUNDS,ANN:0;BOB:100', 'P5,Again,GBP,ANN'),
      lookups,
    );
    expect(rejected.map((r) => [r.line, r.column, r.reason])).toEqual([
      [2, 'name', 'name is required'],
      [2, 'currency', 'currency must be a 3-letter ISO code such as GBP'],
      [2, 'owners', expect.stringMatching(/^Owner ANN: /)],
      [3, 'code', 'Portfolio code P5 is given again (first on line 2): a code may come once a file'],
    ]);
  });
});
