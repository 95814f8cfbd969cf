/** Currency marks printed beside amounts: dollar prefixes, ISO codes, local marks (the ringgit's RM, the rupiah's Rp) and symbols. */
export const CURRENCY_MARKS = ['US$', 'HK$', 'NT$', 'S$', 'A$', 'C$', 'RMB', 'MYR', 'USD', 'EUR', 'GBP', 'CNY', 'JPY', 'SGD', 'HKD', 'AUD', 'CAD', 'CHF', 'INR', 'IDR', 'THB', 'RM', 'Rp', '$', '€', '£', '¥', '₹', '₩', '₱', '฿'] as const;

/** The marks as one regular expression alternative, longest first, so that "US$" is not read as "US" and "$". */
export const CURRENCY_PATTERN = [...CURRENCY_MARKS]
  .sort((a, b) => b.length - a.length)
  .map((mark) => mark.replace(/\$/g, '\\$'))
  .join('|');
