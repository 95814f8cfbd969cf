import { describe, expect, it } from 'vitest';
import { checkTaxId, idCardCheck, orgCodeCheck, usccCheck } from '../../../../src/shared/invoice/tax-id.js';

describe('checkTaxId', () => {
  it('checks an 18-character unified social credit code by its check character (GB 32100-2015)', () => {
    // The code printed as the example of the standard's explanatory material.
    expect(checkTaxId('91350100M000100Y43')).toEqual({ valid: true });
    expect(checkTaxId('91350100m000100y43')).toEqual({ valid: true });
    expect(checkTaxId('91350100M000100Y44')).toMatchObject({ valid: false, reason: expect.stringContaining('check character') });
    // I, O, S, V and Z are not in the code's alphabet.
    expect(checkTaxId('91350100M000100O43')).toMatchObject({ valid: false, reason: expect.stringContaining('shaped') });
    expect(usccCheck('91350100M000100Y4')).toBe('3');
  });

  it('checks the older 15-, 17- and 20-character ids by their own rules', () => {
    // D2143569-X: the organization code the standard (GB 11714) works through.
    expect(orgCodeCheck('D2143569')).toBe('X');
    expect(checkTaxId('110108D2143569X')).toEqual({ valid: true });
    expect(checkTaxId('110108D21435690')).toMatchObject({ valid: false, reason: expect.stringContaining('GB 11714') });
    expect(checkTaxId('11010819800101123')).toEqual({ valid: true });
    const idCard = `11010519491231002${idCardCheck('11010519491231002')}`;
    expect(idCard).toBe('11010519491231002X');
    expect(checkTaxId(`${idCard}01`)).toEqual({ valid: true });
    expect(checkTaxId('1101051949123100210')).toMatchObject({ valid: false, reason: expect.stringContaining('19 characters') });
    expect(checkTaxId('110105194912310021 01')).toMatchObject({ valid: false });
  });
});
