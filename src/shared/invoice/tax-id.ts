// Chinese taxpayer identification numbers. Since 2015 a taxpayer's id is its unified social credit
// code (18 characters, GB 32100-2015, with a check character); older ids are 15 characters (area code
// and organization code, GB 11714), 17 digits (old 15-digit identity card and a sequence) or 20
// characters (18-character identity card, GB 11643, and a sequence). A natural person (a 数电票 may
// be issued to one) is named by an identity card number: 18 characters too.

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_SHAPE = /^[1-9ANY][0-9A-HJ-NP-RTUWXY]\d{6}[0-9A-HJ-NP-RTUWXY]{10}$/;

const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';
const ID_CARD_SHAPE = /^\d{17}[\dX]$/;

export type TaxIdCheck = { valid: true } | { valid: false; reason: string };

/** A tax id as printed (spaces allowed, letters in either case), checked by its length's rules. */
export function checkTaxId(printed: string): TaxIdCheck {
  const id = printed.replace(/\s+/g, '').toUpperCase();
  switch (id.length) {
    case 18:
      return isIdCard(id) ? { valid: true } : checkUscc(id);
    case 15:
      return /^\d{6}[0-9A-Z]{8}[0-9X]$/.test(id) && orgCodeCheck(id.slice(6, 14)) === id[14] ? { valid: true } : invalid('its organization code check character (GB 11714) does not match');
    case 17:
      return /^\d{17}$/.test(id) ? { valid: true } : invalid('a 17-character id is all digits');
    case 20:
      return /^\d{17}[\dX]\d{2}$/.test(id) && idCardCheck(id.slice(0, 17)) === id[17] ? { valid: true } : invalid('its identity card check character (GB 11643) does not match');
    default:
      return invalid(`it has ${id.length} characters; a tax id has 18 (unified social credit code), or 15, 17 or 20 (older ids)`);
  }
}

function invalid(reason: string): TaxIdCheck {
  return { valid: false, reason };
}

function checkUscc(id: string): TaxIdCheck {
  if (!USCC_SHAPE.test(id)) return invalid('it is not shaped as a unified social credit code (GB 32100-2015)');
  if (usccCheck(id.slice(0, 17)) === id[17]) return { valid: true };
  // All digits (and a last X) could be either id: name both, so the clerk knows neither matched.
  if (ID_CARD_SHAPE.test(id)) return invalid('its last character is the check character of neither a unified social credit code (GB 32100-2015) nor an identity card number (GB 11643)');
  return invalid('its last character is not the check character of a unified social credit code (GB 32100-2015): a character may be misread or mistyped');
}

/** An 18-character identity card number (GB 11643): 17 digits and its check character. */
function isIdCard(id: string): boolean {
  return ID_CARD_SHAPE.test(id) && idCardCheck(id.slice(0, 17)) === id[17];
}

// Letters no unified social credit code holds, and what a recognizer read them for (S for 5 or 8).
const MISREAD: Readonly<Record<string, readonly string[]>> = { O: ['0'], I: ['1'], Z: ['2'], S: ['5', '8'], V: ['U'] };

/**
 * A unified social credit code as read from a scan, a speck among its characters dropped and its
 * letters that no code holds (O, I, Z, S, V) put back as the characters they were read for, where that
 * alone makes its check character match; any other reading is answered as it is (without the speck).
 */
export function repairedUscc(read: string): string {
  // A speck read as a dot among its characters ("91310.115HRQHAY0F0K") is none of them.
  const unspecked = read.replace(/[.·]/gu, '');
  if (unspecked !== read && unspecked.length === 18) return repairedUscc(unspecked);
  if (read.length !== 18 || checkTaxId(read).valid) return read;
  const readings = Array.from(read.toUpperCase()).reduce<string[]>((texts, ch) => texts.flatMap((t) => (MISREAD[ch] ?? [ch]).map((c) => t + c)), ['']);
  return readings.find((r) => r !== read.toUpperCase() && USCC_SHAPE.test(r) && usccCheck(r.slice(0, 17)) === r[17]) ?? read;
}

/** The 18th character of a unified social credit code from its first 17. */
export function usccCheck(first17: string): string {
  const sum = Array.from(first17).reduce((s, ch, i) => s + USCC_CHARS.indexOf(ch) * USCC_WEIGHTS[i]!, 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** The 9th character of an organization code from its first 8 (digits and capital letters, A = 10). */
export function orgCodeCheck(first8: string): string {
  const sum = Array.from(first8).reduce((s, ch, i) => s + Number.parseInt(ch, 36) * ORG_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/** The 18th character of an identity card number from its first 17 digits. */
export function idCardCheck(first17: string): string {
  const sum = Array.from(first17).reduce((s, ch, i) => s + Number(ch) * ID_CARD_WEIGHTS[i]!, 0);
  return ID_CARD_CHECKS[sum % 11]!;
}
