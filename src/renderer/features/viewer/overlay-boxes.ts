// The boxes drawn over a page: fields, table cells, stamps, handwriting and a review anchor. Pure.
import type { FileData } from '../../../shared/api/files';
import { confidenceTone, type ConfidenceTone } from './confidence';
import { pageRectOf, type Rect } from './geometry';
import type { Box, Draft } from './proofreading';

export type OverlayKind = 'field' | 'cell' | 'stamp' | 'handwriting' | 'anchor';

/** What clicking a box focuses: a field, or a cell of the editable table. */
export type OverlayTarget = { field: number } | { cell: [number, number] };

export interface OverlayBox {
  id: string;
  kind: OverlayKind;
  page: number;
  /** In page pixels. */
  rect: Rect;
  tone: ConfidenceTone;
  /** What the box holds, for its tooltip (always shown as text). */
  label: string;
  target?: OverlayTarget;
}

export interface OverlaySource {
  draft: Draft;
  /** Confidence of each field as recognised, by index. */
  confidence: readonly (number | undefined)[];
  data: Pick<FileData, 'tables' | 'stamps' | 'handwritings'> | null | undefined;
  anchor?: Box | undefined;
}

function boxesOf(position: readonly Box[] | undefined, make: (box: Box, rect: Rect, n: number) => OverlayBox): OverlayBox[] {
  const out: OverlayBox[] = [];
  (position ?? []).forEach((box, n) => {
    const rect = pageRectOf(box.vertices);
    if (rect !== undefined) out.push(make(box, rect, n));
  });
  return out;
}

export function overlayBoxes(source: OverlaySource): OverlayBox[] {
  const { draft, confidence, data } = source;
  const firstTable = data?.tables[0];
  const fields = draft.fields.flatMap((field, index) =>
    boxesOf(field.position, (box, rect, n) => ({
      id: `field-${index}-${n}`,
      kind: 'field',
      page: box.page,
      rect,
      tone: confidenceTone(confidence[index], field.value),
      label: `${field.key}: ${field.value}`,
      target: { field: index },
    })),
  );
  const cells = draft.items.flatMap((row, r) =>
    row.flatMap((cell, c) =>
      boxesOf(cell.position, (box, rect, n) => ({
        id: `cell-${r}-${c}-${n}`,
        kind: 'cell',
        page: box.page,
        rect,
        tone: confidenceTone(firstTable?.items[r]?.[c]?.confidence, cell.value),
        label: `${cell.key}: ${cell.value}`,
        target: { cell: [r, c] },
      })),
    ),
  );
  // Tables after the first are not editable (the interface edits the first through `items`).
  const otherCells = (data?.tables ?? []).slice(1).flatMap((table, t) =>
    table.items.flatMap((row, r) =>
      row.flatMap((cell, c) =>
        boxesOf(cell.position, (box, rect, n) => ({ id: `table-${t + 1}-${r}-${c}-${n}`, kind: 'cell', page: box.page, rect, tone: confidenceTone(cell.confidence, cell.value), label: `${table.tableName} · ${cell.key}: ${cell.value}` })),
      ),
    ),
  );
  const stamps = (data?.stamps ?? []).flatMap((stamp, i) =>
    boxesOf([{ page: stamp.page, vertices: stamp.position }], (box, rect) => ({ id: `stamp-${i}`, kind: 'stamp', page: box.page, rect, tone: 'unknown', label: stamp.text ?? '' })),
  );
  const handwritings = (data?.handwritings ?? []).flatMap((writing, i) =>
    boxesOf(writing.position, (box, rect, n) => ({ id: `handwriting-${i}-${n}`, kind: 'handwriting', page: box.page, rect, tone: 'unknown', label: writing.text })),
  );
  const anchor = source.anchor ? boxesOf([source.anchor], (box, rect) => ({ id: 'anchor', kind: 'anchor', page: box.page, rect, tone: 'unknown', label: '' })) : [];
  return [...fields, ...cells, ...otherCells, ...stamps, ...handwritings, ...anchor];
}

export function sameTarget(a: OverlayTarget | undefined, b: OverlayTarget | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if ('field' in a) return 'field' in b && a.field === b.field;
  return 'cell' in b && a.cell[0] === b.cell[0] && a.cell[1] === b.cell[1];
}

/** The boxes as "id:left,top,width,height" in page pixels, space-separated: what the overlay layer shows tests and tools. */
export function boxListOf(boxes: readonly OverlayBox[]): string {
  return boxes.map(({ id, rect }) => `${id}:${rect.left},${rect.top},${rect.width},${rect.height}`).join(' ');
}
