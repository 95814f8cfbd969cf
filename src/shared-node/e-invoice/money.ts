/** An amount with at least two decimals, as an invoice prints money ("473" -> "473.00"). */
export function money(decimal: string): string {
  const [whole, fraction = ''] = decimal.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
