import { describe, expect, it } from 'vitest';
import { checkTaxId, idCardCheck, orgCodeCheck, repairedUscc, usccCheck } from '../../../../src/shared/invoice/tax-id.js';

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

  it('agrees with the codes of real companies, and says what failed in words a clerk can act on', () => {
    // Published on these companies' own invoices and registrations (Alibaba, Tencent, Huawei, Baidu).
    for (const code of ['91330100799655058B', '91440300708461136T', '914403001922038216', '91110000802100433B']) expect(checkTaxId(code)).toEqual({ valid: true });
    expect(checkTaxId('91440300708461136U')).toEqual({ valid: false, reason: 'its last character is not the check character of a unified social credit code (GB 32100-2015): a character may be misread or mistyped' });
    expect(checkTaxId('914403001922038217')).toEqual({ valid: false, reason: 'its last character is the check character of neither a unified social credit code (GB 32100-2015) nor an identity card number (GB 11643)' });
  });

  it('accepts the identity card number of a natural person (a 数电票 buyer), 18 characters like a credit code', () => {
    expect(checkTaxId('11010519491231002X')).toEqual({ valid: true });
    expect(checkTaxId('110105194912310021')).toMatchObject({ valid: false, reason: expect.stringContaining('GB 11643') });
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

describe('repairedUscc', () => {
  it('puts back the digits a scan read as letters no code holds, where the check character then matches', () => {
    expect(repairedUscc('91110108MLJOM44QYA')).toBe('91110108MLJ0M44QYA');
    expect(repairedUscc('91420106FC5RLSYNF9')).toBe('91420106FC5RL8YNF9');
    expect(repairedUscc('91320102YXL4TDLTUO')).toBe('91320102YXL4TDLTU0');
  });

  it('drops a speck a scan read as a dot among the characters, then puts back the misread letters', () => {
    expect(repairedUscc('91310.115HRQHAYOFOK')).toBe('91310115HRQHAY0F0K');
    expect(repairedUscc('91320.102J6E2BU9UJM')).toBe('91320102J6E2BU9UJM');
  });

  it('answers a valid code, another length, or a reading no such repair makes valid as it is', () => {
    expect(repairedUscc('91440300MA5G8K3P1W')).toBe('91440300MA5G8K3P1W');
    expect(repairedUscc('9144030OMA5G8K3P1')).toBe('9144030OMA5G8K3P1');
    expect(repairedUscc('91440300MA5G8K3POX')).toBe('91440300MA5G8K3POX');
  });
});
