/** Currency marks printed beside amounts: dollar prefixes, ISO codes, local marks (the ringgit's RM, the rupiah's Rp) and symbols. */
export const CURRENCY_MARKS = ['US$', 'HK$', 'NT$', 'S$', 'A$', 'C$', 'RMB', 'MYR', 'USD', 'EUR', 'GBP', 'CNY', 'JPY', 'SGD', 'HKD', 'AUD', 'CAD', 'CHF', 'INR', 'IDR', 'THB', 'RM', 'Rp', '$', '€', '£', '¥', '₹', '₩', '₱', '฿'] as const;

/** The marks as one regular expression alternative, longest first, so that "US$" is not read as "US" and "$". */
export const CURRENCY_PATTERN = [...CURRENCY_MARKS]
  .sort((a, b) => b.length - a.length)
  .map((mark) => mark.replace(/\$/g, '\\$'))
  .join('|');

/** The ISO code of a mark that names one currency (the dollar, the yen and the yuan name several); a code names itself. */
export const ISO_OF_MARK: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', '₹': 'INR', '₩': 'KRW', '₱': 'PHP', '฿': 'THB', RM: 'MYR', Rp: 'IDR', RMB: 'CNY' };
