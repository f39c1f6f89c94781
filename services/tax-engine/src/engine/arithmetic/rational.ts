/**
 * Exact rational arithmetic for every figure in the engine.
 *
 * A value is numerator/denominator in lowest terms with a positive denominator. While both fit in
 * JavaScript's safe-integer range (|x| <= 2^53 - 1) they are held as plain numbers and the integer
 * arithmetic is exact; any result that would leave that range is recomputed with BigInt and kept
 * there until it fits again. Nothing is ever rounded: cost x sold / held is an exact fraction.
 *
 * Why the fast path is exact: integer +, -, * on doubles are exact whenever the true result is a safe
 * integer; if the true result is >= 2^53 in magnitude the rounded double is too (rounding is monotonic
 * and 2^53 is representable), so the `isSafe` check after the operation never accepts a wrong value.
 */

const MAX = Number.MAX_SAFE_INTEGER;

export function gcdNum(a: number, b: number): number {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  // Above int32: Euclid with the remainder from a floating-point division (q = floor(a / b) is at most
  // one off and q x b <= a + b < 2^53, so a - q x b is exact and one correction makes it the remainder);
  // % on doubles is a library call. Past 2^52, plain %.
  while (a > 0x7fffffff || b > 0x7fffffff) {
    if (a < b) {
      const t = a;
      a = b;
      b = t;
    }
    if (b === 0) return a;
    let r: number;
    if (a < 4503599627370496) {
      r = a - Math.floor(a / b) * b;
      if (r < 0) r += b;
      else if (r >= b) r -= b;
    } else {
      r = a % b;
    }
    a = b;
    b = r;
  }
  // Both fit int32: integer remainders until both are below 128, then the table.
  let x = a | 0;
  let y = b | 0;
  while (x >= 128 || y >= 128) {
    if (y === 0) return x;
    const t = (x % y) | 0;
    x = y;
    y = t;
  }
  return SMALL_GCD[(x << 7) | y];
}

/**
 * gcd(a, b) for 0 <= a, b < 128 at [a x 128 + b]. Most gcds in the engine have a small side (a decimal's
 * denominator, a small common factor), so after a remainder or two the rest of Euclid's steps (each an integer
 * division, and an unpredictable loop exit) become one load from this 16 KB table.
 */
const SMALL_GCD = new Uint8Array(128 * 128);
for (let a = 0; a < 128; a++) {
  for (let b = 0; b < 128; b++) {
    let x = a;
    let y = b;
    while (y !== 0) {
      const t = x % y;
      x = y;
      y = t;
    }
    SMALL_GCD[(a << 7) | b] = x;
  }
}

function gcdBig(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/**
 * A BigInt pair is reduced only with gcds that are cheap (one argument a safe integer), never with a Euclid
 * on two large BigInts: that costs time quadratic in their size, and a long-lived pool's cost (thousands of
 * bits after years of part disposals, in lowest terms all the same) would pay it on every operation. The
 * operations on pool costs keep them in lowest terms with cheap gcds; a sum of two values with large
 * denominators (a year's gains, a joined disposal) is left over the product of the denominators, exact and
 * unreduced. Values stay exact either way; reduced() gives lowest terms where a caller needs them.
 */
const BIG_MAX = 9007199254740991n;

/** The gcd when it is cheap (one argument a safe integer), else null. */
function cheapGcd(a: bigint, b: bigint): bigint | null {
  const aa = a < 0n ? -a : a;
  if (aa <= BIG_MAX || b <= BIG_MAX) return gcdMixed(aa, b);
  return null;
}

const MODERATE = 1n << 256n;
/** See mulBig and addBigSmall. */
const UNREDUCED_LIMIT = 1n << 1024n;
/** Just above the safe-integer limit: a value past this as a (rounded) double is certainly past MAX. */
const NEAR_MAX = MAX * 1.001;

/**
 * The gcd for a cross-reduction in a product: cheap when one side is a safe integer; when one side is
 * moderate (up to 2^256, e.g. a share quantity after many splits) a Euclid whose first step brings the
 * other down to that size. Null only when both are larger: the product is then left unreduced.
 */
function crossGcd(a: bigint, b: bigint): bigint | null {
  const aa = a < 0n ? -a : a;
  if (aa <= BIG_MAX || b <= BIG_MAX) return gcdMixed(aa, b);
  if (aa < MODERATE || b < MODERATE) return gcdBig(aa, b);
  return null;
}

/**
 * gcd of two BigInts, cheap when either fits a safe integer (the usual case: a large numerator over a
 * moderate denominator): one BigInt remainder, then the Euclidean algorithm on numbers.
 */
function gcdMixed(n: bigint, d: bigint): bigint {
  const an = n < 0n ? -n : n;
  if (d <= BIG_MAX) {
    const dn = Number(d);
    return BigInt(gcdNum(dn, Number(an % d)));
  }
  if (an <= BIG_MAX) {
    const nn = Number(an);
    return BigInt(gcdNum(nn, Number(d % an)));
  }
  return gcdBig(an, d);
}

const POW10: number[] = [];
for (let i = 0, p = 1; i <= 15; i++, p *= 10) POW10.push(p);
const POW2: number[] = [];
for (let i = 0, p = 1; i <= 15; i++, p *= 2) POW2.push(p);
const POW5: number[] = [];
for (let i = 0, p = 1; i <= 15; i++, p *= 5) POW5.push(p);

/** scanDigits' result: the digits read as the integer n, `scale` of them after the point, `digits` in all. */
export const scanned = { n: 0, scale: 0, digits: 0 };

/**
 * Read text from `from` to its end as plain decimal digits with at most one point ("150", "12.3456"): no
 * sign, separator or space. True with the result in `scanned`; false at any other character. n is exact
 * while it is a safe integer (callers check; 15 characters always are).
 */
export function scanDigits(text: string, from: number): boolean {
  let n = 0;
  let scale = 0;
  let digits = 0;
  let dot = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
      if (dot) scale++;
    } else if (c === 46 && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  scanned.n = n;
  scanned.scale = scale;
  scanned.digits = digits;
  return true;
}

export class Rational {
  /** Numerator/denominator as safe integers; meaningful only when `bn` is null. */
  readonly n: number;
  readonly d: number;
  /** BigInt form, used only when the value does not fit the safe-integer range. */
  readonly bn: bigint | null;
  readonly bd: bigint | null;

  private constructor(n: number, d: number, bn: bigint | null, bd: bigint | null) {
    this.n = n;
    this.d = d;
    this.bn = bn;
    this.bd = bd;
  }

  static readonly ZERO = new Rational(0, 1, null, null);
  static readonly ONE = new Rational(1, 1, null, null);

  /** From an already-reduced pair of safe integers with d > 0. */
  private static small(n: number, d: number): Rational {
    if (n === 0) return Rational.ZERO;
    return new Rational(n, d, null, null);
  }

  /** Reduce a safe-integer pair (d may be negative or non-reduced). */
  private static reduceNum(n: number, d: number): Rational {
    if (d < 0) {
      n = -n;
      d = -d;
    }
    if (n === 0) return Rational.ZERO;
    if (d === 1) return new Rational(n, 1, null, null);
    const g = gcdNum(n, d);
    return g === 1 ? new Rational(n, d, null, null) : new Rational(n / g, d / g, null, null);
  }

  /** Reduce a BigInt pair and demote to the number form when it fits. */
  private static reduceBig(n: bigint, d: bigint): Rational {
    if (d === 0n) throw new RangeError('Rational: division by zero');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    if (n === 0n) return Rational.ZERO;
    const an = n < 0n ? -n : n;
    if (an <= BIG_MAX && d <= BIG_MAX) return Rational.reduceNum(Number(n), Number(d));
    if (an > BIG_MAX && d > BIG_MAX) {
      // Both parts large: keep the pair unreduced (the value is exact either way). A Euclid on two large
      // BigInts costs time quadratic in their size, far more than carrying the extra bits; see BIG_MAX.
      return new Rational(0, 1, n, d);
    }
    const g = gcdMixed(n, d);
    if (g !== 1n) {
      n /= g;
      d /= g;
    }
    if (n <= 9007199254740991n && n >= -9007199254740991n && d <= 9007199254740991n) {
      return new Rational(Number(n), Number(d), null, null);
    }
    return new Rational(0, 1, n, d);
  }

  /**
   * n / 10^scale for a safe integer n and 0 <= scale <= 15, in lowest terms without a Euclid: the only
   * common factors are 2s and 5s, and n cannot have both once trailing zeros are stripped.
   */
  static fromDecimal(n: number, scale: number): Rational {
    if (n === 0) return Rational.ZERO;
    if (n <= 0x7fffffff && n > 0) {
      // The usual case (prices, amounts): the same on int32, where % is an integer instruction.
      let m = n | 0;
      let s = scale;
      while (s > 0 && m % 10 === 0) {
        m = (m / 10) | 0;
        s--;
      }
      if (s === 0) return new Rational(m, 1, null, null);
      let t = s;
      let f = s;
      if ((m & 1) === 0) {
        while (t > 0 && (m & 1) === 0) {
          m >>= 1;
          t--;
        }
      } else {
        while (f > 0 && m % 5 === 0) {
          m = (m / 5) | 0;
          f--;
        }
      }
      return new Rational(m, POW2[t] * POW5[f], null, null);
    }
    while (scale > 0 && n % 10 === 0) {
      n /= 10;
      scale--;
    }
    if (scale === 0) return new Rational(n, 1, null, null);
    let twos = scale;
    let fives = scale;
    if (n % 2 === 0) {
      while (twos > 0 && n % 2 === 0) {
        n /= 2;
        twos--;
      }
    } else {
      while (fives > 0 && n % 5 === 0) {
        n /= 5;
        fives--;
      }
    }
    return new Rational(n, POW2[twos] * POW5[fives], null, null);
  }

  static fromInt(n: number): Rational {
    if (!Number.isSafeInteger(n)) throw new RangeError(`Rational.fromInt: ${n} is not a safe integer`);
    return Rational.small(n, 1);
  }

  static fromBigInts(n: bigint, d: bigint): Rational {
    return Rational.reduceBig(n, d);
  }

  /** n/d of safe integers. */
  static of(n: number, d = 1): Rational {
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || d === 0) {
      throw new RangeError(`Rational.of: invalid ${n}/${d}`);
    }
    return Rational.reduceNum(n, d);
  }

  /**
   * Parse a decimal string ("1234", "-4.10", "0.000001", "1e3" is not accepted) or a fraction "a/b".
   * Returns null when the text is not a number, so callers can report where it came from.
   */
  static tryParse(text: string): Rational | null {
    // Fast path: plain "123", "-4.10" (no spaces, separators, fractions or overflow) in one pass.
    const len = text.length;
    let i = 0;
    let neg = false;
    if (len > 0 && text.charCodeAt(0) === 45 /* - */) {
      neg = true;
      i = 1;
    }
    if (scanDigits(text, i) && scanned.digits > 0 && scanned.n <= MAX && scanned.scale <= 15) {
      const n = scanned.n;
      if (n === 0) return Rational.ZERO;
      return scanned.scale === 0
        ? new Rational(neg ? -n : n, 1, null, null)
        : Rational.fromDecimal(neg ? -n : n, scanned.scale);
    }
    return Rational.parseSlow(text);
  }

  private static parseSlow(text: string): Rational | null {
    const s = text.trim();
    const len = s.length;
    if (len === 0) return null;
    const slash = s.indexOf('/');
    if (slash >= 0) {
      const a = Rational.tryParse(s.slice(0, slash));
      const b = Rational.tryParse(s.slice(slash + 1));
      if (a === null || b === null || b.isZero()) return null;
      return a.div(b);
    }
    let i = 0;
    let neg = false;
    const c0 = s.charCodeAt(0);
    if (c0 === 45 /* - */ || c0 === 43 /* + */) {
      neg = c0 === 45;
      i = 1;
    }
    let n = 0;
    let scale = 0;
    let digits = 0;
    let seenDot = false;
    let overflow = false;
    for (; i < len; i++) {
      const c = s.charCodeAt(i);
      if (c === 46 /* . */) {
        if (seenDot) return null;
        seenDot = true;
        continue;
      }
      if (c === 44 /* , thousands separator */ && !seenDot) continue;
      const v = c - 48;
      if (v < 0 || v > 9) return null;
      digits++;
      if (seenDot) scale++;
      n = n * 10 + v;
      if (n > MAX || scale > 15) overflow = true;
    }
    if (digits === 0) return null;
    if (overflow) {
      const clean = s.replace(/[,+]/g, '').replace('-', '');
      const dot = clean.indexOf('.');
      const intText = dot < 0 ? clean : clean.slice(0, dot) + clean.slice(dot + 1);
      const sc = dot < 0 ? 0 : clean.length - dot - 1;
      const bn = BigInt(intText || '0');
      return Rational.reduceBig(neg ? -bn : bn, 10n ** BigInt(sc));
    }
    return Rational.reduceNum(neg ? -n : n, POW10[scale]);
  }

  static parse(text: string): Rational {
    const r = Rational.tryParse(text);
    if (r === null) throw new RangeError(`Not a number: "${text}"`);
    return r;
  }

  /** True when the value is held as BigInts over a denominator of at least `limit` (as it stands, not reduced). */
  denominatorAtLeast(limit: bigint): boolean {
    return this.bd !== null && this.bd >= limit;
  }

  isBig(): boolean {
    return this.bn !== null;
  }

  private bigN(): bigint {
    return this.bn !== null ? this.bn : BigInt(this.n);
  }

  private bigD(): bigint {
    return this.bd !== null ? this.bd : BigInt(this.d);
  }

  add(o: Rational): Rational {
    if (o === Rational.ZERO) return this;
    if (this === Rational.ZERO) return o;
    if (this.bn === null) {
      if (o.bn === null) return o.n === 0 ? this : this.n === 0 ? o : this.addNum(o.n, o.d);
      return Rational.addBigSmall(o.bn, o.bd as bigint, this.n, this.d);
    }
    if (o.bn === null) return Rational.addBigSmall(this.bn, this.bd as bigint, o.n, o.d);
    return Rational.addBig(this.bn, this.bd as bigint, o.bn, o.bd as bigint);
  }

  /** this (safe integers, n != 0) + n2/d2 (safe integers, reduced, n2 != 0, d2 > 0). */
  private addNum(n2: number, d2: number): Rational {
    const n1 = this.n;
    const d1 = this.d;
    if (d1 === d2) {
      const s = n1 + n2;
      if (s <= MAX && s >= -MAX) return d1 === 1 ? Rational.small(s, 1) : Rational.reduceNum(s, d1);
      return this.addNumOverflow(n2, d2, d1);
    }
    // Henrici: with g = gcd(d1, d2), n1 (d2/g) + n2 (d1/g) over d1 d2 / g, reduced by gcd(sum, g).
    const g = d1 === 1 || d2 === 1 ? 1 : gcdNum(d1, d2);
    const d1g = g === 1 ? d1 : d1 / g;
    const a = n1 * (g === 1 ? d2 : d2 / g);
    const b = n2 * d1g;
    const d = d1g * d2;
    if (a <= MAX && a >= -MAX && b <= MAX && b >= -MAX && d <= MAX) {
      const s = a + b;
      if (s <= MAX && s >= -MAX) {
        if (s === 0) return Rational.ZERO;
        if (g === 1) return new Rational(s, d, null, null);
        const g2 = gcdNum(s, g);
        return g2 === 1 ? new Rational(s, d, null, null) : new Rational(s / g2, d / g2, null, null);
      }
    }
    return this.addNumOverflow(n2, d2, g);
  }

  /** this + n2/d2 on BigInts when a product or the sum leaves the safe range (g = gcd(this.d, d2) known). */
  private addNumOverflow(n2: number, d2: number, g: number): Rational {
    const n1 = this.n;
    const d1 = this.d;
    const d1g = d1 / g;
    const n = BigInt(n1) * BigInt(d2 / g) + BigInt(n2) * BigInt(d1g);
    if (n === 0n) return Rational.ZERO;
    const d = BigInt(d1g) * BigInt(d2);
    if (g === 1) return Rational.settle(n, d);
    const g2 = gcdNum(g, Number(n % BigInt(g)));
    if (g2 === 1) return Rational.settle(n, d);
    const g2b = BigInt(g2);
    return Rational.settle(n / g2b, d / g2b);
  }

  neg(): Rational {
    if (this.bn !== null) return new Rational(0, 1, -this.bn, this.bd);
    return Rational.small(-this.n, this.d);
  }

  sub(o: Rational): Rational {
    if (o === Rational.ZERO) return this;
    if (o.bn === null) {
      if (this.bn === null) return o.n === 0 ? this : this.n === 0 ? Rational.small(-o.n, o.d) : this.addNum(-o.n, o.d);
      return Rational.addBigSmall(this.bn, this.bd as bigint, -o.n, o.d);
    }
    if (this.bn === null) {
      if (this.n === 0) return o.neg();
      return Rational.addBigSmall(-o.bn, o.bd as bigint, this.n, this.d);
    }
    return Rational.addBig(this.bn, this.bd as bigint, -o.bn, o.bd as bigint);
  }

  mul(o: Rational): Rational {
    if (this.bn === null && o.bn === null) {
      if (this.n === 0 || o.n === 0) return Rational.ZERO;
      if (o.d === 1 && o.n === 1) return this;
      if (this.d === 1 && this.n === 1) return o;
      // Cross-reduce first so the products stay small and the result is already in lowest terms.
      const g1 = o.d === 1 ? 1 : gcdNum(this.n, o.d);
      const g2 = this.d === 1 ? 1 : gcdNum(o.n, this.d);
      const n = (this.n / g1) * (o.n / g2);
      const d = (this.d / g2) * (o.d / g1);
      if (n <= MAX && n >= -MAX && d <= MAX) return Rational.small(n, d);
      // Already cross-reduced: the products of the parts are the result in lowest terms.
      return Rational.settle(BigInt(this.n / g1) * BigInt(o.n / g2), BigInt(this.d / g2) * BigInt(o.d / g1));
    }
    if (o.bn === null) return Rational.mulBigNum(this.bn as bigint, this.bd as bigint, o.n, o.d);
    if (this.bn === null) return Rational.mulBigNum(o.bn, o.bd as bigint, this.n, this.d);
    return Rational.mulBig(this.bigN(), this.bigD(), o.bigN(), o.bigD());
  }

  /** (a/b) x (c/d) with c/d safe integers (d > 0): the cross gcds gcd(a, d), gcd(c, b) on numbers. */
  private static mulBigNum(a: bigint, b: bigint, c: number, d: number): Rational {
    if (c === 0) return Rational.ZERO;
    const g1 = d === 1 ? 1 : gcdNum(d, Number(a % BigInt(d)));
    const ac = c < 0 ? -c : c;
    const g2 = ac === 1 ? 1 : gcdNum(ac, Number(b % BigInt(ac)));
    const n = (g1 === 1 ? a : a / BigInt(g1)) * BigInt(g2 === 1 ? c : c / g2);
    return Rational.settle(n, (g2 === 1 ? b : b / BigInt(g2)) * BigInt(g1 === 1 ? d : d / g1));
  }

  /**
   * (a/b) x (c/d) on BigInts, cross-reducing with gcd(a, d) and gcd(c, b) when one side of each is a safe
   * integer or moderate (the usual case: a large cost times a quantity ratio; see crossGcd). With reduced
   * inputs the result is then reduced without a gcd of two large numbers.
   */
  private static mulBig(a: bigint, b: bigint, c: bigint, d: bigint): Rational {
    if (a === 0n || c === 0n) return Rational.ZERO;
    let reduced = true;
    if (d !== 1n) {
      const g1 = crossGcd(a, d);
      if (g1 === null) reduced = false;
      else if (g1 !== 1n) {
        a /= g1;
        d /= g1;
      }
    }
    if (b !== 1n) {
      const g2 = crossGcd(c, b);
      if (g2 === null) reduced = false;
      else if (g2 !== 1n) {
        c /= g2;
        b /= g2;
      }
    }
    const n = a * c;
    const den = b * d;
    // A product of two large values not cross-reduced may carry common factors; past UNREDUCED_LIMIT it is
    // reduced once, so repeated products cannot pile them up.
    if (!reduced && (den >= UNREDUCED_LIMIT || n >= UNREDUCED_LIMIT || n <= -UNREDUCED_LIMIT)) {
      return Rational.reduceFully(n, den);
    }
    return Rational.settle(n, den);
  }

  /**
   * a/b + c/d on BigInts (Henrici): g = gcd(b, d) when cheap, then the sum over b/g x d, reduced by
   * gcd(sum, g) (g is small). With reduced inputs the result is reduced; when both denominators are large
   * the pair is left unreduced (exact; see BIG_MAX).
   */
  private static addBig(a: bigint, b: bigint, c: bigint, d: bigint): Rational {
    if (b === d) {
      const n = a + c;
      if (n === 0n) return Rational.ZERO;
      if (b === 1n) return Rational.settle(n, 1n);
      const g = cheapGcd(n, b);
      return g === null || g === 1n ? Rational.settle(n, b) : Rational.settle(n / g, b / g);
    }
    const g = b <= BIG_MAX || d <= BIG_MAX ? gcdMixed(b, d) : 1n;
    if (g === 1n) return Rational.settle(a * d + c * b, b * d);
    const bg = b / g;
    const n = a * (d / g) + c * bg;
    if (n === 0n) return Rational.ZERO;
    const g2 = gcdMixed(n, g);
    return g2 === 1n ? Rational.settle(n, bg * d) : Rational.settle(n / g2, (bg * d) / g2);
  }

  /**
   * a/b (BigInt) + c/d (safe integers, c != 0, d > 0): Henrici with the gcds on numbers. g = gcd(b, d) =
   * gcd(d, b mod d); the sum over (b/g) d is reduced by gcd(sum, g), a divisor of the small g.
   */
  private static addBigSmall(a: bigint, b: bigint, c: number, d: number): Rational {
    if (d === 1) return Rational.settle(a + BigInt(c) * b, b);
    const bd = BigInt(d);
    // One division: the quotient, and whether it is exact from a multiplication (cheaper than a second division);
    // the remainder itself is needed only when it is not (a subtraction whose result is then cut to size).
    const bq = b / bd;
    const back = bq * bd;
    if (back === b) {
      // d divides b (the usual case: a decimal added to a figure whose denominator already has its
      // factors): Henrici with g = d, without the multiplications by 1.
      const n = a + BigInt(c) * bq;
      if (n === 0n) return Rational.ZERO;
      // Reduced by gcd(n, d) only when that could bring the pair into the number form (dividing both by at
      // most d), or when b is very large. Otherwise the pair is left over b as it is: exact, the denominator
      // no larger than it was, and a common factor (of d) costs less to carry than to find.
      if (b < UNREDUCED_LIMIT && (bq > BIG_MAX || Math.abs(Number(n)) > NEAR_MAX * d)) return Rational.settle(n, b);
      const g2 = gcdNum(d, Number(n % bd));
      if (g2 === 1) return Rational.settle(n, b);
      const g2b = BigInt(g2);
      return Rational.settle(n / g2b, b / g2b);
    }
    const g = gcdNum(d, Number(b - back));
    if (g === 1) return Rational.settle(a * bd + BigInt(c) * b, b * bd);
    const gb = BigInt(g);
    const bg = b / gb;
    const n = a * BigInt(d / g) + BigInt(c) * bg;
    if (n === 0n) return Rational.ZERO;
    const g2 = gcdNum(g, Number(n % gb));
    if (g2 === 1) return Rational.settle(n, bg * bd);
    const g2b = BigInt(g2);
    return Rational.settle(n / g2b, (bg * bd) / g2b);
  }

  /** A BigInt pair (d > 0) in lowest terms by a full Euclid (see mulBig: rare, and once per pile-up). */
  private static reduceFully(n: bigint, d: bigint): Rational {
    const g = gcdBig(n, d);
    return Rational.settle(n / g, d / g);
  }

  /** A BigInt pair (d > 0) to a Rational: the number form when both fit (reduced), BigInt otherwise. */
  private static settle(n: bigint, d: bigint): Rational {
    if (n === 0n) return Rational.ZERO;
    if (d <= BIG_MAX && n <= BIG_MAX && n >= -BIG_MAX) return Rational.reduceNum(Number(n), Number(d));
    return new Rational(0, 1, n, d);
  }

  div(o: Rational): Rational {
    if (o.isZero()) throw new RangeError('Rational: division by zero');
    if (this.bn === null && o.bn === null) {
      if (this.n === 0) return Rational.ZERO;
      if (o.n === 1 && o.d === 1) return this;
      // (n1/d1) / (n2/d2) = (n1/d1) x (d2/n2), cross-reduced as in mul, without building the inverse.
      const n2 = o.n < 0 ? -o.d : o.d;
      const d2 = o.n < 0 ? -o.n : o.n;
      const g1 = d2 === 1 ? 1 : gcdNum(this.n, d2);
      const g2 = this.d === 1 ? 1 : gcdNum(n2, this.d);
      const n = (this.n / g1) * (n2 / g2);
      const d = (this.d / g2) * (d2 / g1);
      if (n <= MAX && n >= -MAX && d <= MAX) return Rational.small(n, d);
    }
    return this.mul(o.inv());
  }

  inv(): Rational {
    if (this.bn !== null) {
      const bd = this.bd as bigint;
      return this.bn < 0n ? new Rational(0, 1, -bd, -this.bn) : new Rational(0, 1, bd, this.bn);
    }
    if (this.n === 0) throw new RangeError('Rational: division by zero');
    return this.n < 0 ? Rational.small(-this.d, -this.n) : Rational.small(this.d, this.n);
  }

  /** this * a / b, the apportionment used everywhere (cost x sold / held). */
  mulDiv(a: Rational, b: Rational): Rational {
    if (a.bn === null && b.bn === null && a.d === 1 && b.d === 1 && b.n > 0) {
      // Integer ratio a/b (shares sold / held): reduce it on numbers, then one cross-reduced product.
      if (a.n === b.n) return this;
      const g = gcdNum(a.n, b.n);
      return this.mul(g === 1 ? new Rational(a.n, b.n, null, null) : Rational.small(a.n / g, b.n / g));
    }
    return this.mul(a).div(b);
  }

  /**
   * This value in the ratio a : (total - a), for 0 <= a < total: [this x a / total, this x (total - a) / total],
   * the cost taken and the cost left by a part disposal. Both products are built from one reduced ratio
   * p/s and share gcd(numerator, s), so the pair costs about what one mulDiv does; each part is in lowest
   * terms (see mul) and exactly what mulDiv gives.
   */
  split(a: Rational, total: Rational): [Rational, Rational] {
    if (a.isZero()) return [Rational.ZERO, this];
    let p: number;
    let s: number;
    if (a.bn === null && total.bn === null) {
      // p/s = a/total = (a.n total.d) / (a.d total.n), reduced with the cross gcds.
      const ga = gcdNum(a.n, total.n);
      const gd = a.d === 1 || total.d === 1 ? 1 : gcdNum(a.d, total.d);
      p = (a.n / ga) * (total.d / gd);
      s = (a.d / gd) * (total.n / ga);
      if (!(p <= MAX && s <= MAX)) return [this.mulDiv(a, total), this.mulDiv(total.sub(a), total)];
    } else {
      return [this.mulDiv(a, total), this.mulDiv(total.sub(a), total)];
    }
    const q = s - p; // coprime with s, as p is
    if (this.bn === null) {
      const n = this.n;
      const d = this.d;
      if (n === 0) return [Rational.ZERO, Rational.ZERO];
      const g1 = s === 1 ? 1 : gcdNum(n, s);
      const n1 = n / g1;
      const s1 = s / g1;
      // As for a BigInt cost below: p and q are coprime, so gcd(p q, d) = gcd(p, d) x gcd(q, d), one Euclid
      // where two were, and usually 1 (no second).
      let gp = 1;
      let gq = 1;
      if (d !== 1) {
        const pq = p * q;
        if (pq <= MAX) {
          const gpq = gcdNum(pq, d);
          if (gpq !== 1) {
            gp = p === 1 ? 1 : gcdNum(p, gpq);
            gq = gpq / gp;
          }
        } else {
          gp = p === 1 ? 1 : gcdNum(p, d);
          gq = q === 1 ? 1 : gcdNum(q, d);
        }
      }
      return [Rational.part(n1, p / gp, d / gp, s1), Rational.part(n1, q / gq, d / gq, s1)];
    }
    const bn = this.bn;
    const bd = this.bd as bigint;
    const bs = BigInt(s);
    const g1 = s === 1 ? 1 : gcdNum(s, Number(bn % bs));
    const n1 = g1 === 1 ? bn : bn / BigInt(g1);
    const s1 = g1 === 1 ? bs : BigInt(s / g1);
    // p and q are coprime, so gcd(p q, bd) = gcd(p, bd) x gcd(q, bd): one BigInt remainder serves both.
    let gp: number;
    let gq: number;
    const pq = p * q;
    if (pq <= MAX) {
      const gpq = pq === 1 ? 1 : gcdNum(pq, Number(bd % BigInt(pq)));
      gp = gpq === 1 || p === 1 ? 1 : gcdNum(p, gpq);
      gq = gpq / gp;
    } else {
      gp = p === 1 ? 1 : gcdNum(p, Number(bd % BigInt(p)));
      gq = q === 1 ? 1 : gcdNum(q, Number(bd % BigInt(q)));
    }
    // gp = gq only when both are 1 (p and q are coprime), the usual case: both parts are then over one bd x s1.
    const dp = (gp === 1 ? bd : bd / BigInt(gp)) * s1;
    const dq = gq === gp ? dp : (gq === 1 ? bd : bd / BigInt(gq)) * s1;
    return [Rational.settle(n1 * BigInt(p / gp), dp), Rational.settle(n1 * BigInt(q / gq), dq)];
  }

  /** (n x m) / (d x s) of safe integers already coprime in pairs: a lowest-terms product. */
  private static part(n: number, m: number, d: number, s: number): Rational {
    const num = n * m;
    const den = d * s;
    if (num <= MAX && num >= -MAX && den <= MAX) return new Rational(num, den, null, null);
    return Rational.settle(BigInt(n) * BigInt(m), BigInt(d) * BigInt(s));
  }

  sign(): -1 | 0 | 1 {
    if (this.bn !== null) return this.bn < 0n ? -1 : this.bn > 0n ? 1 : 0;
    return this.n < 0 ? -1 : this.n > 0 ? 1 : 0;
  }

  isZero(): boolean {
    return this.bn === null && this.n === 0;
  }

  isNegative(): boolean {
    return this.sign() < 0;
  }

  isPositive(): boolean {
    return this.sign() > 0;
  }

  isInteger(): boolean {
    return this.bn === null ? this.d === 1 : (this.bn as bigint) % (this.bd as bigint) === 0n;
  }

  /** The same value in lowest terms (a large pair may be carried unreduced). */
  reduced(): Rational {
    if (this.bn === null) return this;
    const n = this.bn;
    const d = this.bd as bigint;
    const g = gcdMixed(n, d);
    if (g === 1n) return this;
    const rn = n / g;
    const rd = d / g;
    if (rn <= BIG_MAX && rn >= -BIG_MAX && rd <= BIG_MAX) return new Rational(Number(rn), Number(rd), null, null);
    return new Rational(0, 1, rn, rd);
  }

  cmp(o: Rational): -1 | 0 | 1 {
    if (this.bn === null && o.bn === null) {
      if (this.d === o.d) return this.n < o.n ? -1 : this.n > o.n ? 1 : 0;
      const a = this.n * o.d;
      const b = o.n * this.d;
      if (a <= MAX && a >= -MAX && b <= MAX && b >= -MAX) return a < b ? -1 : a > b ? 1 : 0;
    }
    // Different signs (or one zero) decide it without the BigInt cross products.
    const sa = this.sign();
    const sb = o.sign();
    if (sa !== sb) return sa < sb ? -1 : 1;
    if (sa === 0) return 0;
    const a = this.bigN() * o.bigD();
    const b = o.bigN() * this.bigD();
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(o: Rational): boolean {
    return this.cmp(o) === 0;
  }
  lt(o: Rational): boolean {
    return this.cmp(o) < 0;
  }
  lte(o: Rational): boolean {
    return this.cmp(o) <= 0;
  }
  gt(o: Rational): boolean {
    return this.cmp(o) > 0;
  }
  gte(o: Rational): boolean {
    return this.cmp(o) >= 0;
  }

  abs(): Rational {
    return this.sign() < 0 ? this.neg() : this;
  }

  static min(a: Rational, b: Rational): Rational {
    return a.cmp(b) <= 0 ? a : b;
  }

  static max(a: Rational, b: Rational): Rational {
    return a.cmp(b) >= 0 ? a : b;
  }

  /** Exact text: "n" or "n/d". */
  toFraction(): string {
    if (this.bn !== null) {
      const r = this.reduced();
      if (r !== this) return r.toFraction();
      return `${this.bn}/${this.bd}`;
    }
    return this.d === 1 ? String(this.n) : `${this.n}/${this.d}`;
  }

  /**
   * Round to `dp` decimal places, half away from zero (0.005 -> 0.01, -0.005 -> -0.01), as text with
   * exactly `dp` decimals. This is the only rounding of money the engine offers; it is used for
   * presentation, never inside the computation.
   */
  toFixed(dp: number): string {
    // Half away from zero: q = floor((|n| x 10^dp) / d), one more when the remainder is at least half of d.
    if (this.bn === null && dp <= 15) {
      const an = (this.n < 0 ? -this.n : this.n) * POW10[dp];
      const d = this.d;
      // On numbers when every intermediate is a safe integer: the quotient from a floating division is then
      // at most one off, and the exact remainder corrects it (as in gcdNum).
      if (an + d <= MAX) {
        let q = Math.floor(an / d);
        let r = an - q * d;
        if (r < 0) {
          q -= 1;
          r += d;
        } else if (r >= d) {
          q += 1;
          r -= d;
        }
        if (2 * r >= d) q += 1;
        return scaledText(String(q), dp, this.n < 0 && q !== 0);
      }
    }
    const scale = 10n ** BigInt(dp);
    const n = this.bigN();
    const an = (n < 0n ? -n : n) * scale;
    const d = this.bigD();
    let q = an / d;
    if (2n * (an - q * d) >= d) q += 1n;
    return scaledText(q.toString(), dp, n < 0n && q !== 0n);
  }

  /**
   * The value rounded to the penny (two decimal places), half away from zero: the figure toFixed(2) prints, as a
   * Rational. Money is presented to the penny once, and a year's totals are the sums of those penny lines.
   */
  toPennies(): Rational {
    if (this.bn === null) {
      const d = this.d;
      // Already whole pennies (a decimal with at most two places): itself.
      if (d === 1 || d === 2 || d === 4 || d === 5 || d === 10 || d === 20 || d === 25 || d === 50 || d === 100) {
        return this;
      }
      const an = (this.n < 0 ? -this.n : this.n) * 100;
      if (an + d <= MAX) {
        let q = Math.floor(an / d);
        let r = an - q * d;
        if (r < 0) {
          q -= 1;
          r += d;
        } else if (r >= d) {
          q += 1;
          r -= d;
        }
        if (2 * r >= d) q += 1;
        return Rational.fromDecimal(this.n < 0 ? -q : q, 2);
      }
    }
    // |n| x 100 / d, half away from zero: floor((200 |n| + d) / 2d).
    const n = this.bigN();
    const d = this.bigD();
    const q = ((n < 0n ? -n : n) * 200n + d) / (2n * d);
    const pennies = n < 0n ? -q : q;
    return pennies <= BIG_MAX && pennies >= -BIG_MAX
      ? Rational.fromDecimal(Number(pennies), 2)
      : Rational.reduceBig(pennies, 100n);
  }

  /**
   * The value to the penny (as toPennies rounds it) as a number of pennies, when that is a safe integer, else NaN:
   * `toPennies().pennies()` without building the line (a year's totals add one per disposal).
   */
  roundedPennies(): number {
    if (this.bn === null) {
      const n = this.n;
      const d = this.d;
      if (100 % d === 0) {
        const p = n * (100 / d);
        return p <= MAX && p >= -MAX ? p : NaN;
      }
      const an = (n < 0 ? -n : n) * 100;
      if (an + d <= MAX) {
        let q = Math.floor(an / d);
        let r = an - q * d;
        if (r < 0) {
          q -= 1;
          r += d;
        } else if (r >= d) {
          q += 1;
          r -= d;
        }
        if (2 * r >= d) q += 1;
        return n < 0 && q !== 0 ? -q : q;
      }
    }
    return this.toPennies().pennies();
  }

  /** The value in whole pennies when it is a safe integer number of them (a penny line's), else NaN. */
  pennies(): number {
    if (this.bn !== null || 100 % this.d !== 0) return NaN;
    const p = this.n * (100 / this.d);
    return p <= MAX && p >= -MAX ? p : NaN;
  }

  /** Exact decimal text when the value terminates within `maxDp` places, otherwise null. */
  toExactDecimal(maxDp = 30): string | null {
    if (this.bn !== null) {
      const r = this.reduced();
      if (r !== this) return r.toExactDecimal(maxDp);
    }
    let d = this.bigD();
    let twos = 0;
    let fives = 0;
    while (d % 2n === 0n) {
      d /= 2n;
      twos++;
    }
    while (d % 5n === 0n) {
      d /= 5n;
      fives++;
    }
    if (d !== 1n) return null;
    const dp = Math.max(twos, fives);
    if (dp > maxDp) return null;
    return this.toDecimalString(dp);
  }

  /** Round to a multiple of 10^-dp. Modes: half-up (half away from zero), down (toward zero), floor, ceil. */
  roundTo(dp: number, mode: 'half-up' | 'down' | 'floor' | 'ceil'): Rational {
    const scale = 10n ** BigInt(dp);
    const n = this.bigN() * scale;
    const d = this.bigD();
    const neg = n < 0n;
    const an = neg ? -n : n;
    let q = an / d;
    const r = an % d;
    if (r !== 0n) {
      if (mode === 'half-up') {
        if (2n * r >= d) q += 1n;
      } else if (mode === 'floor') {
        if (neg) q += 1n;
      } else if (mode === 'ceil') {
        if (!neg) q += 1n;
      }
    }
    return Rational.reduceBig(neg ? -q : q, scale);
  }

  /** Text of a value that is a multiple of 10^-dp (after roundTo). */
  private toDecimalString(dp: number): string {
    const scale = 10n ** BigInt(dp);
    const n = this.bigN() * scale;
    const d = this.bigD();
    const neg = n < 0n;
    const q = (neg ? -n : n) / d;
    return scaledText(q.toString(), dp, neg && q !== 0n);
  }

  /** Approximate value for display and sorting only; never used in a figure. */
  toNumberApprox(): number {
    if (this.bn === null) return this.n / this.d;
    return Number(this.bn) / Number(this.bd);
  }

  toString(): string {
    return this.toExactDecimal() ?? this.toFraction();
  }
}

/** The digits of an integer q as q x 10^-dp: "32933", 2 -> "329.33"; "5", 2 -> "0.05". */
function scaledText(digits: string, dp: number, negative: boolean): string {
  const sign = negative ? '-' : '';
  if (dp === 0) return sign + digits;
  const s = digits.padStart(dp + 1, '0');
  return `${sign}${s.slice(0, s.length - dp)}.${s.slice(s.length - dp)}`;
}

export const ZERO = Rational.ZERO;
export const ONE = Rational.ONE;

/**
 * A sum of money lines, each taken to the penny (half away from zero, as presented): whole pennies on a number
 * while they stay safe integers, else an exact Rational sum. What a year's totals are made of.
 */
export class PennySum {
  private pennies = 0;
  private rest: Rational = Rational.ZERO;

  add(r: Rational): void {
    const sum = this.pennies + r.roundedPennies();
    if (sum <= MAX && sum >= -MAX) this.pennies = sum;
    else this.rest = this.rest.add(r.toPennies());
  }

  value(): Rational {
    return this.pennies === 0 ? this.rest : this.rest.add(Rational.fromDecimal(this.pennies, 2));
  }
}
