import { describe, expect, it } from 'vitest';
import { findTerm, findTermLoosely, looseKey, wordsOf } from '../../../../../src/engine/pipeline/document/text-match.js';
import { fold } from '../../../../../src/shared/text/fold.js';

describe('findTerm', () => {
  it('matches case-insensitively and as whole words in spaced scripts', () => {
    expect(findTerm('Total: 5, subtotal 3, TOTAL 2', 'total')).toEqual([
      { start: 0, end: 5 },
      { start: 22, end: 27 },
    ]);
    expect(findTerm('Totalling 5', 'Total')).toEqual([]);
  });

  it('finds CJK labels inside running text and full-width forms as their ASCII twins', () => {
    expect(findTerm('增值税发票号码：123', '发票号码')).toEqual([{ start: 3, end: 7 }]);
    expect(findTerm('价税合计（小写）：¥1', '价税合计(小写)')).toEqual([{ start: 0, end: 8 }]);
    expect(fold('ＡＢ１：￥')).toBe('AB1:¥');
  });

  it('lets a space in the term match any spacing, none included', () => {
    expect(findTerm('Invoicenumber: 1', 'Invoice number')).toHaveLength(1);
    expect(findTerm('购买方  名称：甲', '购买方 名称')).toEqual([{ start: 0, end: 7 }]);
    expect(findTerm('anything', '  ')).toEqual([]);
  });

  it('finds a Chinese label spread over its box ("名　　称", "校 验 码"), and no label whose first character is missing', () => {
    expect(findTerm('名　　称：上海启明商贸有限公司', '名称')).toEqual([{ start: 0, end: 4 }]);
    expect(findTerm('校 验 码：61759 23803', '校验码')).toEqual([{ start: 0, end: 5 }]);
    expect(findTerm('合  计  ¥59016.03', '合计')).toHaveLength(1);
    expect(findTerm('称：上海', '名称')).toEqual([]);
  });

  it('lets a point in the term have spaces around it, as a scan sets them ("a .G ." and "a . G ." are "a.G.")', () => {
    expect(findTerm('Versicherungsverein Musterstadt a .G .', 'a.G.')).toEqual([{ start: 32, end: 38 }]);
    expect(findTerm('Musterstadt a . G . ', 'a.G.')).toEqual([{ start: 12, end: 19 }]);
    expect(findTerm('Art .-Nr .: 7', 'Art.-Nr.')).toHaveLength(1);
    expect(findTerm('a G', 'a.G.')).toEqual([]);
  });
});

describe('wordsOf and looseKey', () => {
  it('keeps words of three letters or more and CJK character pairs, never numbers', () => {
    expect([...wordsOf('The Receipt 2025 of 收据金额 ab')]).toEqual(['receipt', '收据', '据金', '金额']);
    expect(looseKey('Ｕｎｉｔ  Price')).toBe('unitprice');
  });
});

describe('findTermLoosely', () => {
  it('finds a label with one character misread, spacing and dots aside, and never a short one', () => {
    expect(findTermLoosely('lnvoice.number: 1', 'Invoice number')).toEqual([{ start: 0, end: 14 }]);
    expect(findTermLoosely('购买方纳税人识別号：9', '购买方纳税人识别号')).toEqual([{ start: 0, end: 9 }]);
    expect(findTermLoosely('lnvoice numbr', 'Invoice number')).toEqual([]);
    expect(findTermLoosely('Tux: 1', 'Tax')).toEqual([]);
  });
});
