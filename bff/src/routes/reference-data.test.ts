// A provider admin sets a later tax year's annual exempt amount, and the tax engine computes with it at once;
// nobody else may, and a bad year or amount is refused naming the field, with nothing kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const set = (persona: Persona, body: unknown, org = ORG.ASHW) =>
  t.request('POST', '/api/reference-data/annual-exempt-amounts', as(persona, body, org));

async function taxYear(label: string) {
  const answer = await t.request('GET', '/api/reference-data', as('manager'));
  return answer.body.taxYears.find((y: { label: string }) => y.label === label);
}

beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(() => t?.stop());

describe('a tax year’s annual exempt amount', () => {
  it('when a provider admin sets the next year’s, then Reference Data shows it with who set it, and a calculation uses it', async () => {
    const answer = await set('admin', { taxYear: '2027-28', amount: '2,500' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      label: '2027-28',
      startDate: '2027-04-06',
      endDate: '2028-04-05',
      annualExemptAmount: '2500.00',
    });
    expect(answer.body.amountSetBy).toBeTruthy();
    expect(await taxYear('2027-28')).toEqual(answer.body);
    // The statutory years say nobody set them.
    expect(await taxYear('2024-25')).toMatchObject({ annualExemptAmount: '3000', amountSetBy: null });

    // Bought 1,000 at £1 (2020), sold at £10 in June 2027: gain £9,000; less the £2,500 set = £6,500 taxable.
    const ledgerCsv = 'date,type,security,quantity,price\n2020-01-02,BUY,ACME,1000,1\n2027-06-01,SELL,ACME,1000,10\n';
    const calculation = await t.request('POST', '/api/calculations/ledger', as('manager', { ledgerCsv }));
    expect(calculation.status).toBe(200);
    const year = calculation.body.computation.taxYears.find((y: { taxYear: string }) => y.taxYear === '2027-28');
    expect(year).toMatchObject({ gains: '9000.00', annualExemptAmount: '2500.00', taxableGain: '6500.00' });

    // Set again: the newest amount counts.
    expect((await set('admin', { taxYear: '2027-28', amount: '2600.00' })).body.annualExemptAmount).toBe('2600.00');
  });

  it('when anyone but a provider admin sets one, then it is refused and nothing is kept', async () => {
    for (const persona of ['manager', 'adviser', 'brook'] as const) {
      const org = persona === 'brook' ? ORG.BRKF : ORG.ASHW;
      expect((await set(persona, { taxYear: '2028-29', amount: '1' }, org)).status).toBe(403);
    }
    expect(await taxYear('2028-29')).toBeUndefined();
  });

  it('when the year or the amount breaks a rule, then the answer names the field and the rule, and nothing is kept', async () => {
    expectError(await set('admin', { taxYear: '2024-25', amount: '5000' }), 400, /statutory amount/, 'taxYear');
    expectError(
      await set('admin', { taxYear: '2029-30', amount: '5000' }),
      400,
      'taxYear must be the next tax year after the last held (2028-29)',
      'taxYear',
    );
    expectError(await set('admin', { taxYear: '2028-30', amount: '5000' }), 400, /written like 2027-28/, 'taxYear');
    for (const amount of ['-5', 'abc', '3000.001', ''])
      expectError(await set('admin', { taxYear: '2028-29', amount }), 400, /amount must be/, 'amount');
    expectError(await set('admin', { taxYear: '2028-29', amount: 3000 }), 400, 'amount must be text', 'amount');
    expect(await taxYear('2028-29')).toBeUndefined();
    expect((await taxYear('2024-25')).annualExemptAmount).toBe('3000');
  });
});
