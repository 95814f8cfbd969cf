/**
 * What a line-item column holds (its head words are in role-words/). A table's configured columns and
 * the heads a page prints are both read as roles, so "Menge", "Qté" and "数量" all find a column named "Quantity".
 */
export type ColumnRole = 'position' | 'item_code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'tax_rate' | 'tax' | 'line_amount';

/** The roles in the order their head words are tried: of two roles printing the same head, the first owns it. */
export const COLUMN_ROLES: readonly ColumnRole[] = ['position', 'item_code', 'description', 'quantity', 'unit', 'unit_price', 'discount', 'tax_rate', 'tax', 'line_amount'];
