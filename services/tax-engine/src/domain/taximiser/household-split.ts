import { Rational } from '../../engine/arithmetic';

/** Each person's part of a household's cash or gain target, and the part they realise free of tax. */
export interface HouseholdShare {
  target: Rational;
  free: Rational;
}

/**
 * How a household's cash (raise proceeds) or gain (budget in pounds) target is split between the two people: first
 * what each can realise free of tax (what harvesting their own exempt amount would raise, or gain), in proportion
 * when the target is less than both together; past that, the rest in proportion to what each could still sell (the
 * value of their holdings, or their unrealised gain), or halved when neither has any. Pennies, the client's part
 * rounded down and the spouse's the rest, so the two add up to the target exactly.
 */
export function splitHouseholdTarget(
  target: Rational,
  free: readonly [Rational, Rational],
  rest: readonly [Rational, Rational],
): [HouseholdShare, HouseholdShare] {
  const [freeA, freeB] = free.map((f) => Rational.max(f, Rational.ZERO)) as [Rational, Rational];
  const freeTotal = freeA.add(freeB);
  let a: Rational;
  if (target.lte(freeTotal)) {
    a = freeTotal.isZero() ? Rational.ZERO : target.mulDiv(freeA, freeTotal).roundTo(2, 'down');
  } else {
    const over = target.sub(freeTotal);
    const [restA, restB] = rest.map((r) => Rational.max(r, Rational.ZERO)) as [Rational, Rational];
    const restTotal = restA.add(restB);
    const extra = restTotal.isZero() ? over.div(Rational.fromInt(2)) : over.mulDiv(restA, restTotal);
    a = freeA.add(extra).roundTo(2, 'down');
  }
  const b = target.sub(a);
  return [
    { target: a, free: Rational.min(a, freeA) },
    { target: b, free: Rational.min(b, freeB) },
  ];
}
