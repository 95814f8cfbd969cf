import type { Align } from './sheet.js';
import type { DigitalItem } from './zh-digital-data.js';

/** A column of a Chinese invoice's goods grid: head, left and right edge, alignment, the cell's text, and the truth's column where the family's truth has one. */
export interface GridColumn {
  head: string;
  from: number;
  to: number;
  align: Align;
  text: (item: DigitalItem) => string;
  truth?: string;
  value?: (item: DigitalItem) => number | string;
}

/** Where a cell's text is set: 3 pt inside the edge it aligns to, or the middle. */
export function cellX(column: GridColumn): number {
  return column.align === 'left' ? column.from + 3 : column.align === 'right' ? column.to - 3 : (column.from + column.to) / 2;
}
