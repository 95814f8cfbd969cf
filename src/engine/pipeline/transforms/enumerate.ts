import { looseKey } from '../document/text-match.js';

/**
 * The listed item a value names: the item equal to it (case, width and spacing aside), else the
 * longest item the value contains ("微信支付（扫码）" → "微信支付"), else the item that contains
 * the value. Undefined when none does.
 */
export function matchItem(value: string, items: readonly string[]): string | undefined {
  const key = looseKey(value);
  if (key === '') return undefined;
  const keyed = items.map((item) => ({ item, key: looseKey(item) })).filter((i) => i.key !== '');
  const equal = keyed.find((i) => i.key === key);
  if (equal) return equal.item;
  const inside = keyed.filter((i) => key.includes(i.key)).sort((a, b) => b.key.length - a.key.length)[0];
  return inside?.item ?? keyed.find((i) => i.key.includes(key))?.item;
}
