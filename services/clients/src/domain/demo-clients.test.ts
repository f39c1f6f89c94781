import { describe, expect, it } from 'vitest';
import { generateDemoClients, isNiNumberShape, penceToPounds } from './demo-clients';

describe('demo clients', () => {
  it('when pence are turned into pounds, then the string is exact with two decimals', () => {
    expect(penceToPounds(0)).toBe('0.00');
    expect(penceToPounds(5)).toBe('0.05');
    expect(penceToPounds(123456)).toBe('1234.56');
    expect(penceToPounds(-100)).toBe('-1.00');
    expect(penceToPounds(-350000000001)).toBe('-3500000000.01');
  });

  it('when generated twice with one seed, then the clients are the same', () => {
    expect(generateDemoClients(50, 'T', 7)).toEqual(generateDemoClients(50, 'T', 7));
  });

  it('when a National Insurance number is checked, then only the shape HMRC issues passes', () => {
    expect(isNiNumberShape('AB123456C')).toBe(true);
    expect(isNiNumberShape('OA123456A')).toBe(true);
    expect(isNiNumberShape('AO123456A')).toBe(false); // O is never second
    expect(isNiNumberShape('DA123456A')).toBe(false); // D is never first
    expect(isNiNumberShape('GB123456A')).toBe(false); // a barred prefix
    expect(isNiNumberShape('AB123456E')).toBe(false); // suffix A to D
    expect(isNiNumberShape('AB12345C')).toBe(false);
  });

  it('when 1,000 are generated, then codes run 00001..01000 and every client has the fields maintenance shows', () => {
    const clients = generateDemoClients(1000, 'ASH', 20260406);
    expect(clients[0]!.code).toBe('ASH00001');
    expect(clients[999]!.code).toBe('ASH01000');
    for (const c of clients) {
      expect(c.inactive).toBe(c.state !== 'Live');
      expect(c.addresses.filter((a) => a.primaryTaxCopy)).toHaveLength(1);
      expect(c.addresses[0]!.postcode).toMatch(/^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/);
      if (c.type === 'Individual' || c.type === 'Joint') {
        expect(isNiNumberShape(c.niNumber)).toBe(true);
        expect(c.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(c.name).toContain(c.surname);
      }
      if (c.type === 'Company') expect(c.company).toBe(true);
      expect(c.uniqueTaxPayerReference).toMatch(/^\d{10}$/);
    }
  });

  it('when families are generated, then a spouse or child follows a live individual and shares the surname', () => {
    const clients = generateDemoClients(1000, 'ASH', 20260406);
    const spouses = clients.filter((c) => c.family?.kind === 'SPOUSE');
    const children = clients.filter((c) => c.family?.kind === 'CHILD');
    expect(spouses.length).toBeGreaterThan(50);
    expect(children.length).toBeGreaterThan(20);
    for (const c of [...spouses, ...children]) {
      const other = clients[c.family!.of]!;
      expect(other.type).toBe('Individual');
      expect(other.state).toBe('Live');
      expect(other.surname).toBe(c.surname);
      expect(c.familyGroup).toBe(other.familyGroup);
      if (c.family!.kind === 'CHILD') expect(c.dateOfBirth! > other.dateOfBirth!).toBe(true);
    }
  });
});
