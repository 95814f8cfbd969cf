import { describe, expect, it } from 'vitest';
import { EN } from '../../../../src/renderer/i18n/messages-en';
import { ZH_CN } from '../../../../src/renderer/i18n/messages-zh-cn';
import { formatMessage, translate } from '../../../../src/renderer/i18n/translate';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('interface languages', () => {
  it('has every English text in Chinese, with the same placeholders', () => {
    expect(Object.keys(ZH_CN).sort()).toEqual(Object.keys(EN).sort());
    for (const key of Object.keys(EN) as (keyof typeof EN)[]) {
      expect({ key, placeholders: placeholders(ZH_CN[key]) }).toEqual({ key, placeholders: placeholders(EN[key]) });
      expect(ZH_CN[key].trim()).not.toBe('');
    }
  });

  it('fills placeholders and leaves a missing one visible', () => {
    expect(translate('en', 'documents.total', { count: 3 })).toBe('3 documents');
    expect(translate('zh-CN', 'documents.total', { count: 3 })).toBe('共 3 个文件');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(formatMessage('{a}', { a: '{b}' })).toBe('{b}');
  });
});
