import type { Rng } from '../corpus/rng.js';
import type { InvoiceKey } from '../real-documents/invoice-set.js';
import { BICS, iban, registryNumber, vatId } from './company-numbers.js';
import { CONVENTIONS, type Country } from './conventions.js';
import type { LabelLanguage } from './labels.js';
import { address, companyName, personName } from './place-names.js';

/** The values of an invoice as an e-invoice's key holds them (einvoice-dev's shape), without `printed`: the layout decides that. */
export type InvoiceValues = Omit<InvoiceKey, 'printed'>;

/** What a letterhead and a footer print besides the key's values. */
export interface SellerExtras {
  phone: string;
  iban: string | null;
  bic: string | null;
  registry: string;
  /** Share capital, as a number (printed in the document's number style). */
  capital: number;
}

/** An invoice to lay out: the key's values, the countries whose conventions print them, and the rest of what a page prints. */
export interface InvoiceData {
  values: InvoiceValues;
  sellerCountry: Country;
  buyerCountry: Country;
  /** A region printed after each party's city (a US state, an Italian province), '' for none. */
  regions: { seller: string; buyer: string };
  seller: SellerExtras;
  /** Each line's discount in percent (0 for none): a discount column prints it. */
  discounts: number[];
  /** A unit per line ("Stk.", "h"), printed where a layout has a unit column. */
  units: string[];
  buyerContact: string | null;
  customerNo: string;
  orderRef: string;
  delivery: { name: string; street: string; postcode: string; city: string } | null;
  /** A credit note's linked invoice number; null on an invoice. */
  linkedInvoice: string | null;
}

const GOODS: Readonly<Record<LabelLanguage, readonly string[]>> = {
  en: ['Consulting services', 'Printer paper A4, 500 sheets', 'Laptop stand', 'Annual software licence', 'Network cable 5 m', 'Office chair', 'Installation and setup', 'Toner cartridge black', 'Courier delivery', 'Maintenance contract'],
  de: ['Edelstahl-Handlauf 2,40 m', 'Montage vor Ort', 'Befestigungsmaterial', 'Kopierpapier A4', 'Wartungsvertrag', 'Beratungsleistung', 'Netzwerkkabel Cat6', 'Bürostuhl ergonomisch', 'Versandkosten', 'Softwarelizenz'],
  fr: ['Reliure cuir, 12 volumes', 'Restauration de couverture', 'Prestation de conseil', 'Papier A4 80 g', 'Frais de port', 'Maintenance annuelle', 'Chaise de bureau', 'Câble réseau 5 m', 'Installation sur site', 'Cartouche d’encre'],
  es: ['Servicio de consultoría', 'Papel A4 500 hojas', 'Mantenimiento anual', 'Silla de oficina', 'Gastos de envío', 'Instalación', 'Cable de red 5 m', 'Licencia de software', 'Tóner negro', 'Soporte técnico'],
  it: ['Consulenza tecnica', 'Carta A4 80 g', 'Manutenzione annuale', 'Sedia da ufficio', 'Spese di trasporto', 'Installazione', 'Cavo di rete 5 m', 'Licenza software', 'Toner nero', 'Assistenza tecnica'],
  nl: ['Advieswerkzaamheden', 'Printpapier A4', 'Onderhoudscontract', 'Bureaustoel', 'Verzendkosten', 'Installatie op locatie', 'Netwerkkabel 5 m', 'Softwarelicentie', 'Toner zwart', 'Technische ondersteuning'],
  zh: ['办公桌', '办公椅', '打印纸', '墨盒', '笔记本电脑', '显示器', '技术咨询费', '软件许可', '网络设备', '会议服务'],
};

const UNITS: Readonly<Record<LabelLanguage, readonly string[]>> = { en: ['pcs', 'h', 'ea'], de: ['Stk.', 'Std.', 'Stück'], fr: ['u.', 'h', 'pce'], es: ['ud.', 'h'], it: ['pz', 'n.', 'h'], nl: ['st.', 'uur'], zh: ['个', '台', '项'] };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** An ISO date `days` after another. */
export function addDays(iso: string, days: number): string {
  const at = new Date(`${iso}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const NUMBER_FORMATS: Readonly<Record<Country, (rng: Rng) => string>> = {
  DE: (rng) => rng.pick([`RE-2025-${rng.digits(4)}`, `2025${rng.digits(5)}`, `R${rng.digits(6)}`]),
  AT: (rng) => `AR-${rng.digits(5)}`,
  FR: (rng) => rng.pick([`F-2025-${rng.digits(4)}`, `FA25${rng.digits(4)}`, `FAC-${rng.digits(6)}`]),
  BE: (rng) => `2025/${rng.digits(4)}`,
  GB: (rng) => rng.pick([`INV-${rng.digits(5)}`, `SI${rng.digits(6)}`]),
  IE: (rng) => rng.pick([`INV${rng.digits(6)}`, `${rng.int(10_000, 99_999)}`]),
  US: (rng) => rng.pick([`${rng.int(1000, 99_999)}`, `INV-2025-${rng.digits(4)}`]),
  IT: (rng) => rng.pick([`${rng.int(1, 999)}/2025`, `FPR ${rng.int(1, 99)}/25`, `2025-FE-${rng.digits(4)}`]),
  ES: (rng) => rng.pick([`2025/${rng.digits(4)}`, `A-${rng.digits(6)}`, `F25-${rng.digits(4)}`]),
  NL: (rng) => rng.pick([`2025-${rng.digits(4)}`, `F${rng.digits(7)}`]),
  CN: (rng) => `25${rng.digits(18)}`,
  MY: (rng) => `CS${rng.digits(8)}`,
};

const EU: readonly Country[] = ['DE', 'AT', 'FR', 'BE', 'IT', 'ES', 'NL'];

function buyerCountryOf(rng: Rng, seller: Country): Country {
  if (!EU.includes(seller) || rng.chance(0.75)) return seller;
  return rng.pick(EU.filter((c) => c !== seller));
}

function randomLines(rng: Rng, country: Country, language: LabelLanguage, discounts: boolean) {
  const rates = CONVENTIONS[country].taxRates;
  const mixed = rng.chance(0.3);
  const rate = rates[0]!;
  return Array.from({ length: rng.int(1, 7) }, () => {
    const quantity = rng.chance(0.15) ? rng.int(2, 30) / 2 : rng.int(1, 24);
    const unitPrice = rng.int(100, 150_000) / 100;
    const discount = discounts && rng.chance(0.35) ? rng.pick([5, 10, 15, 20]) : 0;
    const amount = round2(round2(quantity * unitPrice) * (1 - discount / 100));
    return { line: { name: rng.pick(GOODS[language]), quantity, unit_price: unitPrice, amount, tax_rate: mixed ? rng.pick(rates) : rate }, discount, unit: rng.pick(UNITS[language]) };
  });
}

/** Net, tax (per rate, rounded) and totals of the lines. */
function totalsOf(lines: readonly { amount: number | null; tax_rate: number | null }[]) {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.tax_rate ?? 0, (byRate.get(l.tax_rate ?? 0) ?? 0) + (l.amount ?? 0));
  const net = round2(lines.reduce((s, l) => s + (l.amount ?? 0), 0));
  const tax = round2([...byRate].reduce((s, [rate, base]) => s + round2((base * rate) / 100), 0));
  return { net, tax, total: round2(net + tax) };
}

/** A random invoice of a seller of `country`, labelled in `language`; `credit` makes it a credit note with a linked invoice. */
export function randomInvoice(rng: Rng, country: Country, language: LabelLanguage, options: { credit: boolean; discounts: boolean }): InvoiceData {
  const buyerCountry = buyerCountryOf(rng, country);
  const party = (c: Country) => {
    const { region, ...place } = address(rng, c);
    return { region, party: { name: companyName(rng, c), ...place, country: c, vat_id: vatId(rng, c) } };
  };
  const [seller, buyer] = [party(country), party(buyerCountry)];
  const made = randomLines(rng, country, language, options.discounts);
  const lines = made.map((m) => m.line);
  const { net, tax, total } = totalsOf(lines);
  const issue = `2025-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const values: InvoiceValues = {
    invoice_number: NUMBER_FORMATS[country](rng),
    issue_date: issue,
    due_date: rng.chance(0.65) ? addDays(issue, rng.pick([14, 30, 60])) : null,
    currency: CONVENTIONS[country].currency,
    seller: seller.party,
    buyer: { ...buyer.party, vat_id: rng.chance(0.75) ? buyer.party.vat_id : null },
    net_total: net,
    tax_total: tax,
    grand_total: total,
    due_payable: total,
    lines,
  };
  return { ...extras(rng, country, language, buyerCountry), regions: { seller: seller.region, buyer: buyer.region }, values, discounts: made.map((m) => m.discount), units: made.map((m) => m.unit), linkedInvoice: options.credit ? NUMBER_FORMATS[country](rng) : null };
}

/** The letterhead's and the page's own numbers, random for any invoice (a key has none of them). */
function extras(rng: Rng, country: Country, language: LabelLanguage, buyerCountry: Country) {
  const deliveryAddress = address(rng, buyerCountry);
  return {
    sellerCountry: country,
    buyerCountry,
    seller: { phone: `+${rng.int(30, 49)} ${rng.digits(3)} ${rng.digits(6)}`, iban: iban(rng, country), bic: BICS[country] ? rng.pick(BICS[country]) : null, registry: registryNumber(rng, country, address(rng, country).city), capital: rng.pick([25_000, 50_000, 100_000, 120_000, 250_000, 1_500_000]) },
    buyerContact: language === 'zh' || rng.chance(0.5) ? null : personName(rng),
    customerNo: `${rng.pick(['K', 'C', '', 'CL'])}${rng.digits(5)}`,
    orderRef: `${rng.pick(['PO-', 'B', 'AB', ''])}${rng.digits(rng.int(4, 6))}`,
    delivery: rng.chance(0.45) ? { name: companyName(rng, buyerCountry), street: deliveryAddress.street, postcode: deliveryAddress.postcode, city: deliveryAddress.city } : null,
  };
}

const KNOWN: readonly Country[] = ['DE', 'AT', 'FR', 'BE', 'GB', 'US', 'IT', 'ES', 'NL'];
const countryOf = (code: string | null): Country => (KNOWN.includes(code as Country) ? (code as Country) : 'DE');

/** An invoice from exact values (an einvoice-dev key): the key's values as they are, the page's other numbers random. */
export function invoiceFromKey(rng: Rng, key: InvoiceKey, language: LabelLanguage, credit: boolean): InvoiceData {
  const sellerCountry = countryOf(key.seller.country);
  const buyerCountry = countryOf(key.buyer.country);
  const { printed: _printed, ...exact } = key;
  // A value the XML wraps over lines ("MVM Musterhafter\nVersicherungsverein") prints on one.
  const values = JSON.parse(JSON.stringify(exact), (_, v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v)) as InvoiceValues;
  return {
    ...extras(rng, sellerCountry, language, buyerCountry),
    regions: { seller: '', buyer: '' },
    values,
    discounts: key.lines.map(() => 0),
    units: key.lines.map(() => rng.pick(UNITS[language])),
    linkedInvoice: credit ? NUMBER_FORMATS[sellerCountry](rng) : null,
  };
}
