/**
 * The 20-digit number of a fully digital e-invoice (数电票), as the tax bureau publishes its
 * structure: digits 1-2 the year of issue (its last two digits), 3-4 the region (the province-level
 * administrative division code, GB/T 2260, first two digits), 5 the issuing channel, 6-20 a sequence.
 * The channel and the sequence have no published values to check against.
 */
export function isDigitalNumber(number: string): boolean {
  return /^\d{20}$/.test(number);
}

// The province-level divisions of the mainland, where the tax bureaus issue 数电票.
const REGIONS = new Set(['11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37', '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65']);

/** What a 20-digit number's structure says against itself and the invoice date's year, one sentence each. */
export function digitalNumberProblems(number: string, issueYear: number | undefined): string[] {
  const problems: string[] = [];
  const region = number.slice(2, 4);
  if (!REGIONS.has(region)) problems.push(`Invoice number '${number}' cannot be a fully digital invoice's: its 3rd and 4th digits, ${region}, are no province's region code.`);
  const year = number.slice(0, 2);
  if (issueYear !== undefined && String(issueYear % 100).padStart(2, '0') !== year) {
    problems.push(`Invoice number '${number}' was issued in 20${year} by its first two digits, but the invoice date is in ${issueYear}.`);
  }
  return problems;
}
