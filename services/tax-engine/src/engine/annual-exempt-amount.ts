import { parseIsoDate } from './dates';
import type { Taxpayer } from './ledger';
import { Rational, ZERO } from './arithmetic';
import type { PreparedReferenceData } from './reference-data';
import { taxYearLabel, taxYearStartYear } from './tax-years';

const HALF = Rational.of(1, 2);
const TENTH = Rational.of(1, 10);

/**
 * The annual exempt amount for a taxpayer and tax year (TCGA 1992 s1K, Sch 1):
 * individual: the year's amount (reference data); trust: half (Sch 1 para 2), divided between the
 * settlements of a group (at least a tenth of the individual's amount), full where the trust has a
 * vulnerable beneficiary; personal representatives: full for the tax year of death and the two
 * following, then nil (s1K(2)(b)); company: nil. A client override, where set, wins.
 */
export function annualExemptAmount(taxpayer: Taxpayer, startYear: number, ref: PreparedReferenceData): Rational {
  const override = taxpayer.annualExemptAmountOverrides?.[taxYearLabel(startYear)];
  if (override !== undefined) {
    const r = Rational.tryParse(override);
    if (r !== null) return r;
  }
  if (taxpayer.kind === 'company') return ZERO;
  const individual =
    ref.aea.get(startYear) ?? (startYear > ref.aeaLastYear ? (ref.aea.get(ref.aeaLastYear) ?? ZERO) : ZERO);
  switch (taxpayer.kind) {
    case 'individual':
      return individual;
    case 'trust': {
      if (taxpayer.vulnerableBeneficiaryTrust) return individual;
      // A group of settlements (Sch 1 para 2(4)-(5), CG18206): half the individual's amount divided between the
      // settlor's settlements, but not less than a tenth of the individual's amount.
      const trust = individual.mul(HALF);
      const group = taxpayer.settlementsInGroup ?? 0;
      if (group <= 1) return trust;
      return Rational.max(trust.div(Rational.fromInt(group)), individual.mul(TENTH));
    }
    case 'personal-representatives': {
      const death = taxpayer.dateOfDeath ? parseIsoDate(taxpayer.dateOfDeath) : null;
      if (death === null) return individual;
      const deathYear = taxYearStartYear(death);
      return startYear >= deathYear && startYear <= deathYear + 2 ? individual : ZERO;
    }
  }
}
