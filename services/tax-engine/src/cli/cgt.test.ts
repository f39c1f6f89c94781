import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./cgt.ts', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

function cgt(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempCsv(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cgt-'));
  const file = join(dir, 'ledger.csv');
  writeFileSync(file, text);
  return file;
}

describe('pnpm cgt (end to end)', () => {
  it('when given HS284 Example 3 with --json, then it prints the tax year, both disposals and their matches to the penny', () => {
    const r = cgt([join(EXAMPLES, 'hs284-example-3.csv'), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.taxYears).toHaveLength(1);
    const y = out.taxYears[0];
    expect(y).toMatchObject({
      taxYear: '2018-19',
      proceeds: '5440.00',
      // The disposals' lines added up: allowable costs 3,030.67 + 1,779.67, gains 329.33 + 300.33.
      allowableCosts: '4810.34',
      disposalCosts: '205.00',
      gains: '629.66',
      losses: '0.00',
      annualExemptAmount: '11700.00',
      lossesBroughtForwardUsed: '0.00',
      lossesCarriedForward: '0.00',
      taxableGain: '0.00',
    });
    expect(
      y.disposals.map((d: Record<string, string>) => [
        d.date,
        d.security,
        d.quantity,
        d.proceeds,
        d.allowableCost,
        d.gain,
      ]),
    ).toEqual([
      ['2018-05-01', 'LOBSTER', '700', '3360.00', '3030.67', '329.33'],
      ['2019-02-01', 'LOBSTER', '400', '2080.00', '1779.67', '300.33'],
    ]);
    expect(y.disposals[0]).toMatchObject({ acquisitionCost: '2930.67', disposalCosts: '100.00' });
    expect(y.disposals[1].matches[0]).toMatchObject({
      rule: 'section-104',
      quantity: '400',
      cost: '1674.67',
      poolAfter: { quantity: '400', cost: '1674.67' },
    });
    expect(out.holdings[0].pool).toEqual({ quantity: '400', cost: '1674.67' });
  });

  it('when run without --json, then it prints a readable report with each disposal and its matches', () => {
    const r = cgt([join(EXAMPLES, 'hs284-example-3.csv')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Tax year 2018-19');
    expect(r.stdout).toContain(
      'proceeds 3360.00 - allowable cost 3030.67 (shares 2930.67 + disposal costs 100.00) = gain 329.33',
    );
    expect(r.stdout).toContain('pool 800 @ 3349.33 -> 400 @ 1674.67');
  });

  it('when a capital return is a part disposal, then the report shows the pool cost x A / (A + B) it took', () => {
    // 2,000 shares costing £8,000; £5,000 returned with £20,000 left in the holding: 5,000 > 5% of 25,000, so a
    // part disposal: 8,000 x 5,000 / 25,000 = £1,600; gain £3,400; the pool keeps £6,400.
    const file = tempCsv(
      'date,type,security,quantity,price,amount,market_value\n2019-05-01,BUY,A,2000,4,,\n2021-06-01,CAPITAL_RETURN,A,,,5000,20000\n',
    );
    expect(cgt([file]).stdout).toContain(
      '- section-104: pool cost x 5000.00 / 25000.00 = 1600.00; pool 2000 @ 8000.00 -> 2000 @ 6400.00',
    );
    const d = JSON.parse(cgt([file, '--json']).stdout).taxYears[0].disposals[0];
    expect(d.gain).toBe('3400.00');
    expect(d.matches[0].apportionment).toEqual({ part: '5000.00', whole: '25000.00' });
  });

  it('when the path is relative, then it is resolved from INIT_CWD (where pnpm was run)', () => {
    const r = cgt(['hs284-example-3.csv', '--json'], { INIT_CWD: EXAMPLES });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).taxYears[0].gains).toBe('629.66');
  });

  it('when --taxpayer company is given, then company rules apply (the 10-day period before, not 30 days after)', () => {
    const file = tempCsv(
      'date,type,security,quantity,price\n2020-01-01,BUY,X,1000,1\n2020-06-01,SELL,X,500,2\n2020-06-15,BUY,X,150,1.80\n',
    );
    const individual = JSON.parse(cgt([file, '--json']).stdout);
    const company = JSON.parse(cgt([file, '--json', '--taxpayer', 'company']).stdout);
    // Individual: 150 matched with 15 Jun (£270) + 350 from the pool (£350): gain 380. Company: 500 from the pool: gain 500.
    expect(individual.taxYears[0].disposals[0].gain).toBe('380.00');
    expect(company.taxYears[0].disposals[0].gain).toBe('500.00');
    expect(company.taxYears[0].annualExemptAmount).toBe('0.00');
  });

  it('when --taxpayer trust is given, then the exempt amount is halved', () => {
    const file = tempCsv('date,type,security,quantity,price\n2024-05-01,BUY,X,1000,1\n2024-06-01,SELL,X,1000,5\n');
    const y = JSON.parse(cgt([file, '--json', '--taxpayer', 'trust']).stdout).taxYears[0];
    expect(y.annualExemptAmount).toBe('1500.00');
    expect(y.taxableGain).toBe('2500.00');
  });

  it('when prices are given, then holdings show market value, CGT cost and unrealised gain', () => {
    const r = cgt([join(EXAMPLES, 'hs284-example-3.csv'), '--json', '--prices', join(EXAMPLES, 'prices.csv')]);
    const file = tempCsv('security,price\nLOBSTER,5.00\n');
    const out = JSON.parse(cgt([join(EXAMPLES, 'hs284-example-3.csv'), '--json', '--prices', file]).stdout);
    expect(r.code).toBe(0);
    expect(out.holdingValues[0]).toMatchObject({
      security: 'LOBSTER',
      quantity: '400',
      marketValue: '2000.00',
      cgtCost: '1674.67',
      unrealisedCapitalGain: '325.33',
    });
  });

  it('when rows are in any order and use SPLIT ratios like 1:10, then they are computed in date order', () => {
    const file = tempCsv(
      'date,type,security,quantity,price\n2021-01-01,SELL,X,50,30\n2020-06-01,CONSOLIDATION,X,1:10,\n2020-01-01,BUY,X,1000,2\n',
    );
    const y = JSON.parse(cgt([file, '--json']).stdout).taxYears[0];
    // 1,000 -> 100 shares costing £2,000; sell 50 @ £30 = 1,500 - 1,000 = 500.
    expect(y.disposals[0].gain).toBe('500.00');
  });

  it('when a row is malformed, then the error names the line and column and the exit code is 1', () => {
    const file = tempCsv(
      'date,type,security,quantity,price\n2020-01-01,BUY,X,1000,2\n2020-02-30,BUY,X,10,1\n2020-03-01,SELL,X,ten,1\n2020-03-02,FROB,X,1,1\n',
    );
    const r = cgt([file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 3, column date: "2020-02-30" is not a date (YYYY-MM-DD)');
    expect(r.stderr).toContain('line 4, column quantity: "ten" is not a quantity');
    expect(r.stderr).toContain('line 5, column type: unknown type "FROB"');
  });

  it('when a disposal exceeds the holding, then the failure is reported in the output and the exit code is 3', () => {
    const file = tempCsv('date,type,security,quantity,price\n2020-01-01,BUY,X,100,2\n2020-03-01,SELL,X,150,3\n');
    const r = cgt([file, '--json']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.failures[0]).toMatchObject({ security: 'X', date: '2020-03-01' });
    expect(out.failures[0].message).toContain('exceeds the holding by 50 shares');
    expect(out.taxYears[0].complete).toBe(false);
    // The text report too prints what it could compute (the year, the failure) before exiting with 3.
    const text = cgt([file]);
    expect(text.code).toBe(3);
    expect(text.stdout).toContain('2019-20');
    expect(text.stdout).toContain('exceeds the holding by 50 shares');
  });

  it('when a taxpayer option cannot be read, then the option and the rule are named and nothing is computed', () => {
    const file = tempCsv('date,type,security,quantity,price\n2020-01-01,BUY,X,100,2\n');
    const losses = cgt([file, '--losses-brought-forward', 'lots']);
    expect(losses.code).toBe(2);
    expect(losses.stderr).toBe(
      '--losses-brought-forward: losses brought forward must be pounds and pence, not negative (2500.00)\n',
    );
    expect(losses.stdout).toBe('');
    const pr = cgt([file, '--taxpayer', 'pr', '--date-of-death', '14/08/2023']);
    expect(pr.stderr).toBe('--date-of-death: date of death must be a date, YYYY-MM-DD\n');
    const aea = cgt([file, '--aea', '2024=100']);
    expect(aea.stderr).toBe('--aea: "2024" is not a tax year; write it as 2024-25\n');
  });

  it("when --settlements-in-group and --attributed-gains are given, then the trust's exempt amount is divided and the gains join the year", () => {
    // 2024-25: a gain of £100 (100 at £1, sold at £2). Trust, one of three settlements: £1,500 / 3 = £500.
    // £2,000 attributed: gains £2,100; taxable 2,100 - 500 = £1,600.
    const file = tempCsv('date,type,security,quantity,price\n2024-05-01,BUY,X,100,1\n2024-06-01,SELL,X,100,2\n');
    const r = cgt([
      file,
      '--json',
      '--taxpayer',
      'trust',
      '--settlements-in-group',
      '3',
      '--attributed-gains',
      '2024-25=2000',
    ]);
    expect(r.code).toBe(0);
    const y = JSON.parse(r.stdout).taxYears[0];
    expect(y).toMatchObject({
      annualExemptAmount: '500.00',
      attributedGains: '2000.00',
      gains: '2100.00',
      taxableGain: '1600.00',
    });
    const bad = cgt([file, '--settlements-in-group', 'three']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--settlements-in-group: the settlements in a group must be a whole number');
  });

  it('when --year-end is given for a company, then the report is by accounting period', () => {
    const file = tempCsv('date,type,security,quantity,price\n2022-03-01,BUY,X,100,1\n2022-11-15,SELL,X,100,2\n');
    const r = cgt([file, '--taxpayer', 'company', '--year-end', '12-31']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Accounting period 2022-01-01 to 2022-12-31');
  });

  it('when --basic-rate-band is given, then the year shows the tax due per rate period', () => {
    // 2023-24: a gain of £10,000 less the £6,000 exempt amount: taxable £4,000, within the £5,000 band: 10%, £400.
    const file = tempCsv('date,type,security,quantity,price\n2023-05-01,BUY,X,1000,1\n2023-06-01,SELL,X,1000,11\n');
    const r = cgt([file, '--json', '--basic-rate-band', '2023-24=5000']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).taxYears[0].taxDue).toMatchObject({
      basicRateBandRemaining: '5000.00',
      periods: [{ period: 'year', taxableGain: '4000.00', lowerRateGain: '4000.00', lowerRate: '10', tax: '400.00' }],
      total: '400.00',
    });
    expect(cgt([file, '--basic-rate-band', '2023-24=5000']).stdout).toMatch(/Tax due\s+400\.00/);
  });
});
