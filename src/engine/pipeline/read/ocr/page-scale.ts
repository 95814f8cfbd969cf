import type { ParsedLine } from '../../document/parsed-document.js';
import type { PageCrop, PageResult } from './page-task.js';

const scaled = (values: readonly number[], scale: number) => values.map((v) => Math.round(v * scale));

/** A crop child's box on a page decoded `scale` times smaller than the image it was cut from. */
export function cropAtScale(crop: PageCrop, scale: number): PageCrop {
  return scale === 1 ? crop : { ...crop, box: crop.box.map((v) => v / scale) as PageCrop['box'] };
}

/** What was read on a page decoded `scale` times smaller, in the image's own pixels. */
export function resultAtScale(result: PageResult, scale: number): PageResult {
  if (scale === 1) return result;
  const line = (l: ParsedLine): ParsedLine => ({ ...l, position: scaled(l.position, scale), charPositions: l.charPositions.map((box) => scaled(box, scale)) });
  const { text } = result;
  return {
    ...result,
    text: { ...text, width: Math.round(text.width * scale), height: Math.round(text.height * scale), lines: text.lines.map(line) },
    stamps: result.stamps.map((stamp) => ({ ...stamp, position: scaled(stamp.position, scale) })),
    regions: result.regions.map((region) => scaled(region, scale) as PageResult['regions'][number]),
  };
}
