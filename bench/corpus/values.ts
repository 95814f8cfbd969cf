import { usccCheck } from '../../src/shared/invoice/tax-id.js';
import type { Rng } from './rng.js';

export type Language = 'zh' | 'en';

const CITIES_ZH = ['北京', '上海', '深圳', '杭州', '成都', '南京', '武汉', '苏州', '广州', '天津'];
const BRANDS_ZH = ['华信', '宏达', '金桥', '瑞丰', '恒远', '启明', '新元', '博安', '天成', '云帆', '海川', '星辰'];
const TRADES_ZH = ['科技', '贸易', '电子', '商贸', '信息技术', '实业', '物流', '文化传媒'];
const NAMES_EN = ['Acme', 'Northwind', 'Bluebird', 'Harbor', 'Summit', 'Evergreen', 'Pioneer', 'Lakeside', 'Redwood', 'Silverline', 'Brightway', 'Oakridge'];
const TRADES_EN = ['Trading', 'Technology', 'Electronics', 'Logistics', 'Supplies', 'Industries', 'Media'];
const SUFFIX_EN = ['Co., Ltd.', 'Ltd.', 'Inc.', 'LLC'];

export const GOODS_ZH = ['办公桌', '办公椅', '打印纸', '墨盒', '笔记本电脑', '显示器', '键盘', '鼠标', '文件柜', '投影仪', '服务费', '技术咨询费', '软件许可', '网络设备', '会议服务', '快递服务', '矿泉水', '工作服'];
export const GOODS_EN = ['Office desk', 'Office chair', 'Printer paper', 'Ink cartridge', 'Laptop', 'Monitor', 'Keyboard', 'Mouse', 'Filing cabinet', 'Projector', 'Service fee', 'Consulting', 'Software licence', 'Network switch', 'Meeting service', 'Courier service', 'Bottled water', 'Work uniform'];
export const SHOP_GOODS_ZH = ['牛奶', '面包', '苹果', '鸡蛋', '大米', '酸奶', '矿泉水', '纸巾', '洗衣液', '咖啡', '饼干', '香蕉'];
export const SHOP_GOODS_EN = ['Milk', 'Bread', 'Apples', 'Eggs', 'Rice', 'Yogurt', 'Water', 'Tissues', 'Detergent', 'Coffee', 'Biscuits', 'Bananas'];
const AREA_CODES = ['110108', '310115', '440300', '330106', '510104', '320102', '420106', '120101'];
const USCC_BODY = '0123456789ABCDEFGHJKLMNPQRTUWXY';

export function company(rng: Rng, language: Language): string {
  if (language === 'zh') return `${rng.pick(CITIES_ZH)}${rng.pick(BRANDS_ZH)}${rng.pick(TRADES_ZH)}有限公司`;
  return `${rng.pick(NAMES_EN)} ${rng.pick(TRADES_EN)} ${rng.pick(SUFFIX_EN)}`;
}

export function shop(rng: Rng, language: Language): string {
  if (language === 'zh') return `${rng.pick(BRANDS_ZH)}${rng.pick(['超市', '便利店', '生鲜店', '百货'])}（${rng.pick(CITIES_ZH)}店）`;
  return `${rng.pick(NAMES_EN)} ${rng.pick(['Market', 'Grocery', 'Store', 'Mart'])}`;
}

/** A valid unified social credit code of a company (GB 32100-2015 check character). */
export function taxId(rng: Rng): string {
  const body = `91${rng.pick(AREA_CODES)}${Array.from({ length: 9 }, () => rng.pick([...USCC_BODY])).join('')}`;
  return body + usccCheck(body);
}

/** The same code with a wrong check character. */
export function brokenTaxId(valid: string): string {
  const wrong = [...USCC_BODY].find((ch) => ch !== valid[17])!;
  return valid.slice(0, 17) + wrong;
}

export interface SimpleDate {
  year: number;
  month: number;
  day: number;
}

/** The corpus's "today": its dates, faults and the engine's clock in the benchmarks all count from it, never from the run's date. */
export const REFERENCE_DATE: SimpleDate = { year: 2025, month: 12, day: 31 };

/** Within the 365 days before the reference date (days up to the 28th, so every month has them). */
export function pastDate(rng: Rng): SimpleDate {
  return { year: REFERENCE_DATE.year, month: rng.int(1, REFERENCE_DATE.month), day: rng.int(1, Math.min(28, REFERENCE_DATE.day)) };
}

/** Two to three years before the reference date: a "too old" fault. */
export function oldDate(rng: Rng): SimpleDate {
  return { year: REFERENCE_DATE.year - rng.int(2, 3), month: rng.int(1, 12), day: rng.int(1, 28) };
}

/** Years after the reference date, so that it stays in the future for a machine's clock too for years. */
export function futureDate(rng: Rng): SimpleDate {
  return { year: REFERENCE_DATE.year + rng.int(6, 10), month: rng.int(1, 12), day: rng.int(1, 28) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function isoDate(d: SimpleDate): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** A date as a document prints it, in one of the usual forms of its language. */
export function printedDate(rng: Rng, d: SimpleDate, language: Language): string {
  if (language === 'zh') return rng.pick([`${d.year}年${pad(d.month)}月${pad(d.day)}日`, `${d.year}年${d.month}月${d.day}日`, isoDate(d), `${d.year}/${pad(d.month)}/${pad(d.day)}`]);
  const month = MONTHS[d.month - 1]!;
  return rng.pick([`${month} ${d.day}, ${d.year}`, `${d.day} ${month.slice(0, 3)} ${d.year}`, isoDate(d), `${pad(d.month)}/${pad(d.day)}/${d.year}`]);
}

/** Cents as a plain amount ("1130.00") or with thousands separators ("1,130.00"). */
export function amountText(cents: number, separators: boolean): string {
  const fixed = (cents / 100).toFixed(2);
  return separators ? fixed.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : fixed;
}

const UPPER_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UPPER_UNITS = ['', '拾', '佰', '仟'];
const UPPER_GROUPS = ['', '万', '亿'];

/** An amount written out as on a Chinese invoice's 价税合计（大写）: 2260.00 → 贰仟贰佰陆拾圆整. */
export function upperCaseAmount(cents: number): string {
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const whole = `${yuan === 0 ? '零' : upperInteger(yuan)}圆`;
  if (jiao === 0 && fen === 0) return `${whole}整`;
  return `${whole}${jiao === 0 ? '零' : `${UPPER_DIGITS[jiao]}角`}${fen === 0 ? '' : `${UPPER_DIGITS[fen]}分`}`;
}

function upperInteger(n: number): string {
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  let text = '';
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!;
    if (group === 0) continue;
    if (text !== '' && group < 1000) text += '零';
    text += upperGroup(group) + UPPER_GROUPS[g];
  }
  return text;
}

function upperGroup(n: number): string {
  const digits = String(n).padStart(4, '0');
  let text = '';
  let zero = false;
  [...digits].forEach((d, i) => {
    const value = Number(d);
    if (value === 0) return void (zero = text !== '');
    if (zero) text += '零';
    zero = false;
    text += UPPER_DIGITS[value]! + UPPER_UNITS[3 - i]!;
  });
  return text;
}
