import type { Rng } from '../corpus/rng.js';
import { taxId } from '../corpus/values.js';
import type { Country } from './conventions.js';

// Numbers a company prints: VAT ids and IBANs with their real check characters (a later scorer may
// check them), registry numbers as each country prints them.

const digitsOf = (text: string) => [...text].map(Number);

/** ISO 7064 MOD 11,10 (German VAT ids). */
function mod1110(body: string): string {
  let product = 10;
  for (const digit of digitsOf(body)) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return String((11 - product) % 10);
}

/** The Luhn check digit (Italian partita IVA). */
function luhn(body: string): string {
  const sum = digitsOf(body).reduce((s, d, i) => s + (i % 2 === 1 ? (2 * d > 9 ? 2 * d - 9 : 2 * d) : d), 0);
  return String((10 - (sum % 10)) % 10);
}

/** The remainder of a long number by 97, in chunks. */
function mod97(numeric: string): number {
  return [...numeric].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
}

function dutchBody(rng: Rng): string {
  for (;;) {
    const body = rng.digits(8);
    const check = digitsOf(body).reduce((s, d, i) => s + d * (9 - i), 0) % 11;
    if (check < 10) return body + String(check);
  }
}

/** A VAT id of the country as its companies print it (no spaces), null where there is none (the US). */
export function vatId(rng: Rng, country: Country): string | null {
  switch (country) {
    case 'DE': {
      const body = String(rng.int(1, 9)) + rng.digits(7);
      return `DE${body}${mod1110(body)}`;
    }
    case 'AT':
      return `ATU${rng.digits(8)}`;
    case 'FR': {
      const siren = rng.digits(9);
      return `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;
    }
    case 'BE': {
      const body = `0${String(rng.int(2, 9))}${rng.digits(6)}`;
      return `BE${body}${String(97 - (Number(body) % 97)).padStart(2, '0')}`;
    }
    case 'GB': {
      const body = String(rng.int(1, 9)) + rng.digits(6);
      const sum = digitsOf(body).reduce((s, d, i) => s + d * (8 - i), 0);
      return `GB${body}${String((97 - (sum % 97)) % 97).padStart(2, '0')}`;
    }
    case 'IE': {
      // Seven digits, a check letter, and since 2013 a second letter weighed in at 9 (A or H).
      const body = rng.digits(7);
      const second = rng.pick(['', 'A', 'H']);
      const sum = digitsOf(body).reduce((s, d, i) => s + d * (8 - i), 0) + (second === '' ? 0 : (second.charCodeAt(0) - 64) * 9);
      return `IE${body}${'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23]}${second}`;
    }
    case 'IT': {
      const body = rng.digits(10);
      return `IT${body}${luhn(body)}`;
    }
    case 'ES':
      return `ESB${rng.digits(7)}${rng.int(0, 9)}`;
    case 'NL':
      return `NL${dutchBody(rng)}B0${rng.int(1, 9)}`;
    case 'CN':
      return taxId(rng);
    default:
      return null;
  }
}

/** A VAT id as printed: run together, or in the spaced groups many letterheads use. */
export function printedVatId(rng: Rng, id: string): string {
  if (!/^[A-Z]{2}\d/.test(id) || rng.chance(0.6)) return id;
  return `${id.slice(0, 2)} ${id.slice(2).replace(/(\d{3})(?=\d)/g, '$1 ')}`;
}

const BBAN: Partial<Record<Country, (rng: Rng) => string>> = {
  DE: (rng) => rng.digits(18),
  AT: (rng) => rng.digits(16),
  FR: (rng) => rng.digits(23),
  BE: (rng) => rng.digits(12),
  GB: (rng) => `NWBK${rng.digits(14)}`,
  IE: (rng) => `${rng.pick(['AIBK', 'BOFI'])}${rng.digits(14)}`,
  IT: (rng) => `X${rng.digits(22)}`,
  ES: (rng) => rng.digits(20),
  NL: (rng) => `ABNA${rng.digits(10)}`,
};

export const BICS: Partial<Record<Country, readonly string[]>> = {
  DE: ['COBADEFFXXX', 'DEUTDEMMXXX', 'BYLADEM1001'],
  AT: ['BKAUATWWXXX', 'GIBAATWWXXX'],
  FR: ['BNPAFRPPXXX', 'CRLYFRPPXXX', 'AGRIFRPP882'],
  BE: ['GKCCBEBB', 'KREDBEBB'],
  GB: ['NWBKGB2L', 'BARCGB22'],
  IE: ['AIBKIE2D', 'BOFIIE2D'],
  IT: ['UNCRITMMXXX', 'BCITITMM'],
  ES: ['CAIXESBBXXX', 'BSCHESMMXXX'],
  NL: ['ABNANL2A', 'INGBNL2A', 'RABONL2U'],
};

/** An IBAN with real check digits, printed in groups of four; null where the country has none here. */
export function iban(rng: Rng, country: Country): string | null {
  const bban = BBAN[country]?.(rng);
  if (!bban) return null;
  const numeric = [...`${bban}${country}00`].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  const check = String(98 - mod97(numeric)).padStart(2, '0');
  return `${country}${check}${bban}`.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The registry line of a letterhead or footer, as the country prints it. */
export function registryNumber(rng: Rng, country: Country, city: string): string {
  switch (country) {
    case 'DE':
      return `Amtsgericht ${city} HRB ${rng.int(10_000, 199_999)}`;
    case 'AT':
      return `FN ${rng.int(100_000, 599_999)}${rng.pick(['a', 'b', 'k'])}, Handelsgericht ${city}`;
    case 'FR': {
      const siren = rng.digits(9).replace(/(\d{3})(?=\d)/g, '$1 ');
      return rng.chance(0.5) ? `RCS ${city} B ${siren}` : `SIRET ${siren} ${rng.digits(5)}`;
    }
    case 'BE':
      return `RPR ${city} 0${rng.digits(3)}.${rng.digits(3)}.${rng.digits(3)}`;
    case 'GB':
      return `Registered in England and Wales No. ${rng.digits(8)}`;
    case 'IE':
      return rng.pick([`Registered in Ireland No. ${rng.int(100_000, 799_999)}`, `CRO No. ${rng.int(100_000, 799_999)}`]);
    case 'IT':
      return `REA ${rng.pick(['MI', 'RM', 'TO', 'BO'])}-${rng.digits(7)}`;
    case 'ES':
      return `Registro Mercantil de ${city}, Tomo ${rng.int(1000, 40_000)}, Folio ${rng.int(1, 220)}, Hoja M-${rng.digits(6)}`;
    case 'NL':
      return `KvK ${rng.digits(8)}`;
    default:
      return `${rng.digits(15)}`;
  }
}
