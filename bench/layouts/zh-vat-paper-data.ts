import type { Rng } from '../corpus/rng.js';
import { randomDigitalInvoice, type DigitalInvoice, type DigitalItem } from './zh-digital-data.js';

/** The older VAT invoice's forms: paper 专用, paper 普通, and the electronic 普通 (a PDF of the same form). */
export type PaperForm = 'special' | 'ordinary' | 'electronic';

/** An older VAT invoice (before the 数电票): the 数电票's parties, items and sums, with the form's own codes. */
export interface PaperVatInvoice extends DigitalInvoice {
  form: PaperForm;
  /** 发票代码: 10 digits on a 专用 form, 12 on the 普通 ones. */
  code: string;
  /** 校验码: 20 digits, printed in groups of five, on the 普通 forms only. */
  checkCode: string | null;
  /** 机器编号: the issuing machine's 12 digits, never a value of the category. */
  machine: string;
  /** 密码区: four rows of cipher the tax system prints, never a value. */
  cipher: string[];
  /** The items are on a 销货清单: the grid prints one row, （详见销货清单）, with the sums. */
  listed: boolean;
}

const CIPHER = '0123456789+-*/<>';
const LISTED = '（详见销货清单）';

/** The one row a grid prints when the items are on a 销货清单: its amount and tax the sums, their common rate. */
export function listedRow(data: Pick<DigitalInvoice, 'net' | 'tax' | 'items'>): DigitalItem {
  return { name: LISTED, spec: '', unit: '', quantity: Number.NaN, unitPrice: Number.NaN, amount: data.net, rate: data.items[0]!.rate, tax: data.tax };
}

/** The rows the invoice's grid prints: its items, or the one row of a 销货清单. */
export function gridRows(data: PaperVatInvoice): DigitalItem[] {
  return data.listed ? [listedRow(data)] : data.items;
}

/** A random older VAT invoice of 2017-2023: a 数电票's content on one of the older forms, 8-digit number. */
export function randomPaperInvoice(rng: Rng): PaperVatInvoice {
  const form = rng.pick(['special', 'ordinary', 'electronic'] as const);
  const digital = randomDigitalInvoice(rng);
  const listed = rng.chance(0.2);
  // A 销货清单 lists goods of one rate: the grid's one row prints it.
  const items = listed ? digital.items.map((i) => ({ ...i, rate: digital.items[0]!.rate, tax: Math.round(i.amount * digital.items[0]!.rate) / 100 })) : digital.items;
  const tax = Math.round(items.reduce((s, i) => s + i.tax, 0) * 100) / 100;
  const year = rng.int(2017, 2023);
  const region = digital.seller.taxId!.slice(2, 6);
  return {
    ...digital,
    kind: form === 'special' ? 'special' : 'ordinary',
    form,
    number: rng.digits(8),
    date: `${year}${digital.date.slice(4)}`,
    items,
    tax,
    total: Math.round((digital.net + tax) * 100) / 100,
    code: form === 'special' ? `${region}${String(year).slice(2)}${rng.pick(['30', '31', '40'])}${rng.digits(2)}` : `0${region}${String(year).slice(2)}${rng.pick(['11', '12'])}${rng.digits(3)}`,
    checkCode: form === 'special' ? null : rng.digits(20),
    machine: `${rng.pick(['4990', '6611', '6612'])}${rng.digits(8)}`,
    cipher: Array.from({ length: 4 }, () => Array.from({ length: 27 }, () => CIPHER[rng.int(0, CIPHER.length - 1)]).join('')),
    listed,
  };
}
