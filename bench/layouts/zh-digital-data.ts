import type { Rng } from '../corpus/rng.js';
import { company, taxId } from '../corpus/values.js';

/** One item of a 数电票 as issued: its name with the *类别* prefix of its tax classification. */
export interface DigitalItem {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** Tax or levy rate (税率/征收率) in percent. */
  rate: number;
  tax: number;
}

export interface DigitalParty {
  name: string;
  /** Unified social credit code (GB 32100); a person buying on an ordinary invoice has none. */
  taxId: string | null;
}

/** A fully digital e-invoice (数电票): what its PDF, OFD and XML all carry. */
export interface DigitalInvoice {
  kind: 'special' | 'ordinary';
  /** 20 digits: year, region, channel, sequence (src/engine/pipeline/invoice/digital-number.ts). */
  number: string;
  /** ISO date. */
  date: string;
  seller: DigitalParty;
  buyer: DigitalParty;
  items: DigitalItem[];
  net: number;
  tax: number;
  total: number;
  remark: string;
  drawer: string;
}

// Tax classifications as issuing software prints them, with a plausible unit and the usual rate.
const GOODS: readonly { category: string; names: readonly string[]; units: readonly string[]; rates: readonly number[] }[] = [
  { category: '信息技术服务', names: ['软件维护服务费', '技术服务费', '系统集成服务'], units: ['项', '次'], rates: [6] },
  { category: '计算机外部设备', names: ['激光打印机', '显示器', '扫描仪'], units: ['台'], rates: [13] },
  { category: '纸制品', names: ['复印纸', '打印纸A4'], units: ['箱', '包'], rates: [13] },
  { category: '餐饮服务', names: ['餐费'], units: ['次', ''], rates: [6, 1] },
  { category: '住宿服务', names: ['住宿费'], units: ['天', '间'], rates: [6, 3] },
  { category: '运输服务', names: ['国内道路货物运输服务', '运费'], units: ['次', '吨'], rates: [9] },
  { category: '办公用品', names: ['文件柜', '办公椅', '签字笔'], units: ['个', '把', '盒'], rates: [13] },
  { category: '现代服务', names: ['咨询服务费', '会议服务费'], units: ['项', ''], rates: [6] },
  { category: '建筑服务', names: ['装修工程款'], units: ['项'], rates: [9, 3] },
];
const SPECS = ['', '', 'V2.1', 'A4 70g', 'LBP-2900', '27英寸', 'KX-88'];
const PEOPLE = ['张伟', '李娜', '王芳', '刘洋', '陈静', '赵磊'];

const round2 = (n: number) => Math.round(n * 100) / 100;

function item(rng: Rng): DigitalItem {
  const goods = rng.pick(GOODS);
  const quantity = rng.chance(0.8) ? rng.int(1, 20) : rng.int(2, 40) / 2;
  const unitPrice = rng.int(500, 300_000) / 100;
  const amount = round2(quantity * unitPrice);
  const rate = rng.pick(goods.rates);
  return { name: `*${goods.category}*${rng.pick(goods.names)}`, spec: rng.pick(SPECS), unit: rng.pick(goods.units), quantity, unitPrice, amount, rate, tax: round2((amount * rate) / 100) };
}

/** A seller other than the buyer: a page naming one company twice tells a reader nothing. */
function sellerName(rng: Rng, buyer: string): string {
  const name = company(rng, 'zh');
  return name === buyer ? sellerName(rng, buyer) : name;
}

/**
 * A random 数电票: seller and buyer with valid GB 32100 codes (an ordinary invoice may go to a
 * person without one), 1-6 items, issued in 2025; its number's region is the seller's.
 */
export function randomDigitalInvoice(rng: Rng): DigitalInvoice {
  const kind = rng.chance(0.5) ? 'special' : 'ordinary';
  const sellerId = taxId(rng);
  const person = kind === 'ordinary' && rng.chance(0.2);
  const buyer = person ? { name: rng.pick(PEOPLE), taxId: null } : { name: company(rng, 'zh'), taxId: taxId(rng) };
  const items = Array.from({ length: rng.int(1, 6) }, () => item(rng));
  const net = round2(items.reduce((s, i) => s + i.amount, 0));
  const tax = round2(items.reduce((s, i) => s + i.tax, 0));
  const date = `2025-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  return {
    kind,
    number: `25${sellerId.slice(2, 4)}${rng.pick(['0', '2'])}${String(rng.int(1, 9))}${rng.digits(14)}`,
    date,
    seller: { name: sellerName(rng, buyer.name), taxId: sellerId },
    buyer,
    items,
    net,
    tax,
    total: round2(net + tax),
    remark: rng.pick(['', `合同编号：HT-2025-${rng.digits(4)}`, `订单号 ${rng.digits(8)}`]),
    drawer: rng.pick(PEOPLE),
  };
}
