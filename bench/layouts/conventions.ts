import type { LabelLanguage } from './labels.js';

export type Country = 'DE' | 'AT' | 'FR' | 'BE' | 'GB' | 'IE' | 'US' | 'IT' | 'ES' | 'NL' | 'CN' | 'MY';

/** How a country prints numbers, dates and money: what a reader of that country's documents meets. */
export interface Convention {
  language: LabelLanguage;
  currency: string;
  /** The currency as amounts print it, and on which side. */
  sign: string;
  signAfter: boolean;
  decimal: ',' | '.';
  /** Thousands separators seen there (the first most often). */
  groups: readonly string[];
  /** Date patterns seen there: {dd}, {mm}, {yyyy}, {yy}, {d}, {MMMM} (month name), {MMM} (short name). */
  dates: readonly string[];
  taxRates: readonly number[];
}

const EURO = { currency: 'EUR', sign: '€' } as const;

export const CONVENTIONS: Readonly<Record<Country, Convention>> = {
  DE: { language: 'de', ...EURO, signAfter: true, decimal: ',', groups: ['.', ''], dates: ['{dd}.{mm}.{yyyy}', '{d}. {MMMM} {yyyy}', '{dd}.{mm}.{yy}'], taxRates: [19, 7] },
  AT: { language: 'de', ...EURO, signAfter: false, decimal: ',', groups: ['.', ' '], dates: ['{dd}.{mm}.{yyyy}', '{d}. {MMMM} {yyyy}'], taxRates: [20, 10] },
  FR: { language: 'fr', ...EURO, signAfter: true, decimal: ',', groups: [' ', '\u00a0', ''], dates: ['{dd}/{mm}/{yyyy}', '{d} {MMMM} {yyyy}'], taxRates: [20, 10, 5.5] },
  BE: { language: 'nl', ...EURO, signAfter: false, decimal: ',', groups: ['.', ' '], dates: ['{dd}/{mm}/{yyyy}', '{dd}-{mm}-{yyyy}', '{d} {MMMM} {yyyy}'], taxRates: [21, 6] },
  GB: { language: 'en', currency: 'GBP', sign: '£', signAfter: false, decimal: '.', groups: [',', ''], dates: ['{dd}/{mm}/{yyyy}', '{d} {MMMM} {yyyy}', '{d} {MMM} {yyyy}'], taxRates: [20, 5] },
  IE: { language: 'en', ...EURO, signAfter: false, decimal: '.', groups: [',', ''], dates: ['{dd}/{mm}/{yyyy}', '{d} {MMMM} {yyyy}', '{dd}-{MMM}-{yyyy}'], taxRates: [23, 13.5] },
  US: { language: 'en', currency: 'USD', sign: '$', signAfter: false, decimal: '.', groups: [','], dates: ['{mm}/{dd}/{yyyy}', '{MMMM} {d}, {yyyy}', '{MMM} {d}, {yyyy}'], taxRates: [8.25, 6] },
  IT: { language: 'it', ...EURO, signAfter: false, decimal: ',', groups: ['.', ''], dates: ['{dd}/{mm}/{yyyy}', '{d} {MMMM} {yyyy}', '{dd}.{mm}.{yyyy}'], taxRates: [22, 10, 4] },
  ES: { language: 'es', ...EURO, signAfter: true, decimal: ',', groups: ['.', ''], dates: ['{dd}/{mm}/{yyyy}', '{d} de {MMMM} de {yyyy}', '{dd}-{mm}-{yyyy}'], taxRates: [21, 10] },
  NL: { language: 'nl', ...EURO, signAfter: false, decimal: ',', groups: ['.', ''], dates: ['{dd}-{mm}-{yyyy}', '{d} {MMMM} {yyyy}', '{dd}/{mm}/{yyyy}'], taxRates: [21, 9] },
  CN: { language: 'zh', currency: 'CNY', sign: '¥', signAfter: false, decimal: '.', groups: ['', ','], dates: ['{yyyy}年{mm}月{dd}日', '{yyyy}-{mm}-{dd}'], taxRates: [13, 9, 6] },
  MY: { language: 'en', currency: 'MYR', sign: 'RM', signAfter: false, decimal: '.', groups: [',', ''], dates: ['{dd}/{mm}/{yyyy}', '{dd}-{mm}-{yyyy}', '{dd}/{mm}/{yy}'], taxRates: [6] },
};
