import { makeTextImage, type DrawnLine, type TextLine } from '../../test/fixtures/text-image.js';

export type Language = 'zh' | 'en';
export type BenchLine = DrawnLine & { language: Language };
/** A synthetic page image with its ground truth; `skew` degrees clockwise about the centre. */
export type BenchPage = { name: string; kind: 'clean' | 'degraded'; width: number; height: number; skew: number; bytes: Uint8Array; format: 'png' | 'jpeg'; lines: BenchLine[] };

const ZH_WORDS = (
  '增值税 专用发票 普通发票 发票代码 发票号码 开票日期 校验码 购买方 销售方 名称 纳税人识别号 地址 电话 开户行 账号 ' +
  '货物 应税劳务 服务 规格型号 单位 数量 单价 金额 税率 税额 合计 价税合计 大写 小写 收款人 复核 开票人 备注 ' +
  '北京 上海 深圳 广州 杭州 南京 成都 武汉 星河科技 华东贸易 明远电子 长城物流 东方咨询 有限公司 股份有限公司 ' +
  '办公用品 电脑配件 技术服务费 咨询服务 运输服务 会议 报告 合同 项目 管理 系统 客户 质量 交付 付款 条款 ' +
  '双方 约定 甲方 乙方 签订 履行 违约 责任 期限 验收 发货 仓库 订单 采购 结算 银行 转账 人民币 元整'
).split(' ');
const EN_WORDS = (
  'invoice number date due amount total payment customer supplier order item quantity price tax rate subtotal ' +
  'please pay within thirty days of receipt the this that with for from your our account bank transfer reference ' +
  'delivery address service period contract agreement terms conditions shipping handling discount balance ' +
  'company limited office supplies computer parts consulting report meeting project management quality ' +
  'approved checked received signed returned pending overdue monthly annual statement credit note receipt cash'
).split(' ');

/** A small deterministic generator (mulberry32), so the page set is the same on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function digits(random: () => number, n: number): string {
  return Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');
}

function chineseLine(random: () => number): string {
  const parts = Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick(random, ZH_WORDS));
  const value = pick(random, [`${digits(random, 8)}`, `${2020 + Math.floor(random() * 7)}年${1 + Math.floor(random() * 12)}月${1 + Math.floor(random() * 28)}日`, `¥${digits(random, 4)}.${digits(random, 2)}`, '']);
  return `${parts.slice(0, 2).join('')}：${parts.slice(2).join('')}${value ? ' ' + value : ''}`;
}

function englishLine(random: () => number): string {
  const words = Array.from({ length: 5 + Math.floor(random() * 6) }, () => pick(random, EN_WORDS));
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  const value = pick(random, [`INV-${digits(random, 4)}-${digits(random, 3)}`, `${digits(random, 3)}.${digits(random, 2)}`, `${1 + Math.floor(random() * 28)}/0${1 + Math.floor(random() * 9)}/2026`, '']);
  return `${words.join(' ')}${value ? ': ' + value : ''}`;
}

const ZH_CELLS = ['数量', '单价', '金额', '税率', '税额', '合计', '办公用品', '电脑配件', '运输服务', '技术服务费', '个', '台', '项', '批'];
const EN_CELLS = ['Qty', 'Unit', 'Price', 'Amount', 'Tax', 'Total', 'Pens', 'Paper', 'Toner', 'Laptop', 'Cable', 'Freight', 'pcs', 'box'];

function formCell(random: () => number, language: Language): string {
  const roll = random();
  if (roll < 0.4) return pick(random, language === 'zh' ? ZH_CELLS : EN_CELLS);
  if (roll < 0.7) return `${Math.floor(random() * 1000)}.${digits(random, 2)}`;
  if (roll < 0.85) return String(1 + Math.floor(random() * 99));
  return `${Math.floor(random() * 30)}%`;
}

/** Text lines: a letter-like page of long lines. */
function proseLines(random: () => number, scale: number, size: number, serif: boolean): (TextLine & { language: Language })[] {
  const lines: (TextLine & { language: Language })[] = [];
  for (let y = 110 * scale; y < 1680 * scale; y += size * 2.4) {
    const language: Language = random() < 0.5 ? 'zh' : 'en';
    lines.push({ text: language === 'zh' ? chineseLine(random) : englishLine(random), x: 90 * scale, y, size, language, ...(language === 'en' && serif ? { font: 'DejaVu Serif' } : {}) });
  }
  return lines;
}

/** A form: rows of short cells in five columns (an invoice's line items), each row drawn cell by cell. */
function formRows(random: () => number, size: number): { row: TextLine & { language: Language }; cells: TextLine[] }[] {
  const rows: { row: TextLine & { language: Language }; cells: TextLine[] }[] = [];
  for (let y = 110; y < 1680; y += size * 2.2) {
    const language: Language = random() < 0.5 ? 'zh' : 'en';
    const cells = [90, 330, 560, 790, 1010].map((x) => ({ text: formCell(random, language), x, y, size }));
    rows.push({ row: { text: cells.map((c) => c.text).join(' '), x: 90, y, size, language }, cells });
  }
  return rows;
}

/**
 * Page images at 150 dpi (A4, 1240 × 1754): letter-like pages of long lines, form pages of short
 * cells, and full-size 300 dpi scans (2480 × 3508), with Chinese and English lines in several
 * sizes; each clean page also comes degraded (skewed, blurred, noisy, grey paper, JPEG).
 */
export function benchPages(seed = 7, count = 6, forms = 2): BenchPage[] {
  const random = generator(seed);
  const pages: BenchPage[] = [];
  for (let n = 0; n < count + forms; n++) {
    const form = n >= count;
    const fullSize = !form && n >= count - 2;
    const scale = fullSize ? 2 : 1;
    const size = pick(random, [20, 24, 28]) * scale;
    const serif = random() < 0.5;
    const rows = form ? formRows(random, size) : undefined;
    const lines = rows ? rows.map((r) => r.row) : proseLines(random, scale, size, serif);
    const drawn = rows ? rows.flatMap((r) => r.cells) : lines;
    const [width, height] = [1240 * scale, 1754 * scale];
    const skew = (random() < 0.5 ? -1 : 1) * (0.5 + random());
    for (const kind of ['clean', 'degraded'] as const) {
      const degraded = kind === 'degraded';
      const image = makeTextImage({ width, height, lines: drawn, ...(degraded ? { skew, blur: 0.8 * scale, noise: 30, background: '#ececec' } : {}) }, degraded ? 'jpeg' : 'png', 55);
      pages.push({
        name: `${form ? 'form150' : fullSize ? 'scan300' : 'page150'}-${n}-${kind}`,
        kind,
        width,
        height,
        skew: degraded ? skew : 0,
        bytes: image.bytes,
        format: degraded ? 'jpeg' : 'png',
        // A form row's box spans its first to its last cell.
        lines: rows
          ? rows.map((r, i) => {
              const cells = image.lines.slice(i * 5, i * 5 + 5);
              return { text: r.row.text, box: [cells[0]!.box[0], Math.min(...cells.map((c) => c.box[1])), cells[4]!.box[2], Math.max(...cells.map((c) => c.box[3]))], language: r.row.language };
            })
          : image.lines.map((line, i) => ({ ...line, language: lines[i]!.language })),
      });
    }
  }
  return pages;
}
