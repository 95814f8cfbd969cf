/**
 * Exact decimal numbers (a big-integer coefficient and a count of decimal places), so that money
 * adds up as a clerk expects: 0.10 + 0.20 = 0.30 holds, which binary floating point gets wrong.
 */
export interface Decimal {
  coef: bigint;
  scale: number;
}

/** Places kept by a division that does not end: far below a cent, far above what an invoice prints. */
const DIVISION_PLACES = 12;

/** From plain decimal text: an optional '-', digits, an optional '.' and digits. */
export function decimalOf(text: string): Decimal {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not plain decimal text: '${text}'`);
  const fraction = match[3] ?? '';
  const coef = BigInt(`${match[2] || '0'}${fraction}`);
  return { coef: match[1] === '-' ? -coef : coef, scale: fraction.length };
}

export function decimalFromInt(n: number): Decimal {
  return { coef: BigInt(Math.trunc(n)), scale: 0 };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.coef * 10n ** BigInt(scale - d.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { coef: rescale(a, scale) + rescale(b, scale), scale };
}

export function negate(a: Decimal): Decimal {
  return { coef: -a.coef, scale: a.scale };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, negate(b));
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { coef: a.coef * b.coef, scale: a.scale + b.scale };
}

export function isZero(a: Decimal): boolean {
  return a.coef === 0n;
}

/** Rounded half away from zero to DIVISION_PLACES, trailing zeros dropped. The caller rules out b = 0. */
export function divide(a: Decimal, b: Decimal): Decimal {
  const scale = DIVISION_PLACES;
  // a/b = (a.coef / 10^a.scale) / (b.coef / 10^b.scale); scaled by 10^(scale + 1) for the rounding digit.
  const numerator = a.coef * 10n ** BigInt(scale + 1 + b.scale);
  const denominator = b.coef * 10n ** BigInt(a.scale);
  const q = numerator / denominator;
  const rounded = (q + (q < 0n ? -5n : 5n)) / 10n;
  return trimZeros({ coef: rounded, scale });
}

function trimZeros(d: Decimal): Decimal {
  let { coef, scale } = d;
  while (scale > 0 && coef % 10n === 0n) {
    coef /= 10n;
    scale -= 1;
  }
  return { coef, scale };
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const [x, y] = [rescale(a, scale), rescale(b, scale)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Half away from zero ("四舍五入"), as invoices round. Negative places round to tens, hundreds... */
export function round(a: Decimal, places: number): Decimal {
  if (places >= a.scale) return a;
  const factor = 10n ** BigInt(a.scale - places);
  const half = factor / 2n;
  const magnitude = a.coef < 0n ? -a.coef : a.coef;
  const roundedMagnitude = (magnitude + half) / factor;
  const coef = a.coef < 0n ? -roundedMagnitude : roundedMagnitude;
  return places >= 0 ? { coef, scale: places } : { coef: coef * 10n ** BigInt(-places), scale: 0 };
}

export function abs(a: Decimal): Decimal {
  return a.coef < 0n ? negate(a) : a;
}

/** Plain text with the number's own decimal places: 1234.50 stays 1234.50. */
export function decimalText(d: Decimal): string {
  const negative = d.coef < 0n;
  const digits = (negative ? -d.coef : d.coef).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
