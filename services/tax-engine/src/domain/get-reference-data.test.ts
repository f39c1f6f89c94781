import { describe, expect, it } from 'vitest';
import type { Caller } from '@gains/auth';
import { taxReference } from './get-reference-data';

const ORG = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const caller: Caller = {
  userUuid: 'u',
  email: 'e',
  name: 'n',
  roles: ['ROLE_CUSTOMER_ADMIN'],
  organisationUuids: [ORG],
  sessionId: 's',
  token: 't',
};
const data = {
  annualExemptAmounts: { '2023-24': '6000', '2024-25': '3000' },
  rpi: { '1987-02': '100.4', '1987-01': '100.0' },
};
const table: Record<string, { basic: string; higher: string; trust: string; note?: string }> = {
  '2023-24': { basic: '10', higher: '20', trust: '20' },
  '2024-25': { basic: '18', higher: '24', trust: '24', note: 'changed' },
};
const rates = (label: string) => table[label] ?? null;

describe('the tax reference lists', () => {
  it('when read in a later year, then each year to the current one, newest first, the last amount carried on', () => {
    const { taxYears, rpi } = taxReference(caller, ORG, data, '2026-04-06', { rates });
    expect(taxYears.map((y) => [y.label, y.annualExemptAmount, y.basicRate, y.higherRate])).toEqual([
      ['2026-27', '3000', '', ''],
      ['2025-26', '3000', '', ''],
      ['2024-25', '3000', '18', '24'],
      ['2023-24', '6000', '10', '20'],
    ]);
    expect(taxYears[2]).toMatchObject({ startDate: '2024-04-06', endDate: '2025-04-05', ratesNote: 'changed' });
    expect(rpi).toEqual([
      { month: '1987-01', value: '100.0' },
      { month: '1987-02', value: '100.4' },
    ]);
  });

  it('when read on 5 April, then the tax year is still the one that began the April before', () => {
    expect(taxReference(caller, ORG, data, '2026-04-05', { rates }).taxYears[0]!.label).toBe('2025-26');
  });

  it('when the caller is not a member, then it is refused', () => {
    expect(() => taxReference(caller, '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003', data, '2026-04-06', { rates })).toThrow();
  });

  it('when read with the engine’s own rates, then 2024-25 shows the rates from 30 October and says what came before', () => {
    const y = taxReference(caller, ORG, data, '2026-04-06').taxYears.find((t) => t.label === '2024-25')!;
    // HMRC: 18% and 24% from 30 October 2024 (Autumn Budget 2024); 10% and 20% before.
    expect([y.basicRate, y.higherRate]).toEqual(['18', '24']);
    expect(y.ratesNote).toMatch(/30 October 2024/);
  });
});
