import type { AddedAnnualExemptAmount, AnnualExemptAmountStore } from '../domain/annual-exempt-amounts';
import type { TaxEnginePrisma } from './prisma';

/** The amounts a provider admin set: each year's newest change (the older rows stay as its history). */
export function createAnnualExemptAmountStore(prisma: TaxEnginePrisma): AnnualExemptAmountStore {
  return {
    async list(): Promise<AddedAnnualExemptAmount[]> {
      const rows = await prisma.annualExemptAmountChange.findMany({
        distinct: ['taxYear'],
        orderBy: [{ taxYear: 'asc' }, { id: 'desc' }],
      });
      return rows.map((r) => ({
        taxYear: r.taxYear,
        amount: r.amount.toFixed(2),
        setBy: r.actorName,
        setAt: r.at.toISOString(),
      }));
    },
    async add(change) {
      await prisma.annualExemptAmountChange.create({ data: change });
    },
  };
}
