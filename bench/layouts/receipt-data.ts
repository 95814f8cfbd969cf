import type { Rng } from '../corpus/rng.js';
import { shop } from '../corpus/values.js';
import { vatId } from './company-numbers.js';
import { CONVENTIONS, type Country } from './conventions.js';
import { address, companyName, type Address } from './place-names.js';
import { RECEIPT_WORDS } from './receipt-labels.js';

export interface ReceiptItem {
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** A till receipt's values: merchant, address, date, items, the total after any cash rounding, what was given and handed back. */
export interface ReceiptData {
  country: Country;
  merchant: string;
  address: Address;
  vatId: string | null;
  date: string;
  time: string;
  receiptNo: string;
  items: ReceiptItem[];
  subtotal: number;
  /** The cash rounding (to 5 or 10 cents, or whole yuan), 0 where none is printed. */
  rounding: number;
  total: number;
  taxRate: number;
  payment: { method: 'cash'; given: number; change: number } | { method: 'card' };
}

const SHOP_WORDS: Partial<Record<Country, readonly string[]>> = {
  DE: ['Bäckerei', 'Frischemarkt', 'Getränkemarkt', 'Café'],
  AT: ['Bäckerei', 'Café', 'Greißlerei'],
  FR: ['Boulangerie', 'Épicerie', 'Café', 'Supérette'],
  NL: ['Bakkerij', 'Supermarkt', 'Slijterij'],
  IT: ['Bar', 'Panificio', 'Alimentari'],
  ES: ['Panadería', 'Supermercado', 'Cafetería'],
};
const SURNAMES: Partial<Record<Country, readonly string[]>> = {
  DE: ['Huber', 'Vogel', 'Sommer', 'Krause'], AT: ['Gruber', 'Pichler', 'Hofer'], FR: ['Dubois', 'Moreau', 'Fontaine'], NL: ['Jansen', 'de Vries', 'Bakker'], IT: ['Rossi', 'Bianchi', 'Colombo'], ES: ['García', 'López', 'Romero'],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

function merchantOf(rng: Rng, country: Country): string {
  if (country === 'CN') return shop(rng, 'zh');
  if (country === 'MY') return companyName(rng, 'MY');
  return `${rng.pick(SHOP_WORDS[country]!)} ${rng.pick(SURNAMES[country]!)}${rng.chance(0.3) ? (country === 'FR' ? ' SARL' : country === 'IT' ? ' S.n.c.' : ' GmbH') : ''}`;
}

/** How the country rounds a cash total: to 5 cents (NL, IT, MY), down to 10 fen (CN), or not at all. */
function cashRounding(country: Country, total: number): number {
  if (country === 'NL' || country === 'IT' || country === 'MY') return round2(Math.round(total * 20) / 20 - total);
  if (country === 'CN') return round2(Math.floor(total * 10) / 10 - total);
  return 0;
}

/** A random till receipt of a shop in `country`. */
export function randomReceipt(rng: Rng, country: Country): ReceiptData {
  const words = RECEIPT_WORDS[country]!;
  const items = Array.from({ length: rng.int(1, 8) }, () => {
    const quantity = rng.chance(0.7) ? 1 : rng.int(2, 5);
    const unitPrice = rng.int(39, country === 'CN' || country === 'MY' ? 4_800 : 1_500) / 100;
    return { name: rng.pick(words.goods), quantity, unitPrice, amount: round2(quantity * unitPrice) };
  });
  const subtotal = round2(items.reduce((s, i) => s + i.amount, 0));
  const cash = rng.chance(0.7);
  const rounding = cash ? cashRounding(country, subtotal) : 0;
  const total = round2(subtotal + rounding);
  const given = Math.max(total, rng.pick([5, 10, 20, 50, 100].filter((n) => n >= total)) ?? Math.ceil(total / 10) * 10);
  const month = rng.int(1, 12);
  return {
    country,
    merchant: merchantOf(rng, country),
    address: address(rng, country),
    vatId: country === 'MY' ? `W10-${rng.digits(4)}-${rng.digits(8)}` : vatId(rng, country),
    date: `2025-${String(month).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    time: `${String(rng.int(7, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
    receiptNo: rng.digits(rng.int(4, 7)),
    items,
    subtotal,
    rounding,
    total,
    taxRate: CONVENTIONS[country].taxRates[rng.int(0, CONVENTIONS[country].taxRates.length - 1)]!,
    payment: cash ? { method: 'cash', given, change: round2(given - total) } : { method: 'card' },
  };
}
