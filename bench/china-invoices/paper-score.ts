import type { FileRecord } from '../../src/shared/api/index.js';
import { gridRows, type PaperVatInvoice } from '../layouts/zh-vat-paper-data.js';
import { scoreDigitalInvoice, type DigitalScore } from './digital-score.js';

/** An older VAT invoice scored as a 数电票 is, with its own codes, and whether its seller's seal was found with its name. */
export interface PaperScore extends DigitalScore {
  form: PaperVatInvoice['form'];
  sealRead: boolean;
}

// A seal's name is read in pieces round its ring: found when this share of the name's characters is in its text.
const SEAL_NAME_SHARE = 0.6;

/**
 * The 数电票's values, the items as the grid prints them (one row for a 销货清单), 发票代码 and 校验码
 * (none on a 专用 form: right only empty); with 开票人 and 备注, that neither 机器编号 nor a row of the
 * 密码区 is any field's value.
 */
export function scorePaperInvoice(id: string, data: PaperVatInvoice, record: FileRecord): PaperScore {
  const scored = scoreDigitalInvoice(id, data, record, { fields: [['Invoice code', 'exact', data.code], ['Check code', 'exact', data.checkCode]], rows: gridRows(data) });
  const values = (record.data?.fields ?? []).map((f) => f.value.replace(/\s+/g, ''));
  const holds = (name: string, piece: string) => {
    const found = values.find((v) => v !== '' && (v.includes(piece) || (piece.includes(v) && v.length >= 8)));
    return { name, truth: '', found: found ?? '', right: found === undefined };
  };
  const never = [holds('机器编号 as a value', data.machine), ...data.cipher.map((row, i) => holds(`密码区 row ${i + 1} as a value`, row.slice(0, 12)))];
  const seal = [...data.seller.name];
  const sealRead = (record.data?.stamps ?? []).some((s) => seal.filter((ch) => (s.text ?? '').includes(ch)).length >= SEAL_NAME_SHARE * seal.length);
  return { ...scored, own: [...scored.own, ...never], form: data.form, sealRead };
}
