import type { Segment, VisualRow } from '../layout/segments.js';
import { readingOrder, type Candidate } from './candidate.js';
import { DATE_JOINERS, NUMBER_MARKERS, TITLE_WORDS } from '../words/role-vocabulary.js';
import { dateAt, segmentCandidate } from './segment-candidate.js';
import { alternatives } from '../words/word-pattern.js';

/** A document's number and date as its title line prints them: "Handelsrechnung (380) Nr. 471102 vom 05.06.2018". */
export interface TitleLine {
  number?: Candidate;
  date?: Candidate;
}

// The title names the document itself, so its number and date are the document's; surer than a bare "Nr." or a first date.
export const TITLE_CONFIDENCE = 0.93;

// A scan may set an id's dots apart ("00. 123. 456 .7-2018-1").
const ID = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}/_-]|\s?\.\s?(?=[\p{L}\p{N}]))*`;
// The title opens its segment; a compound may end in it ("Handelsrechnung", "Teilrechnung"); a code or a short
// genitive may stand between title and number ("(380)", "des Versicherers (575)", "(Selbst ausgestellte Rechnung)").
const TITLE_NUMBER = new RegExp(
  String.raw`^[^\p{L}\p{N}]*(?:\p{L}+\s+)?\p{L}*(?:${alternatives(TITLE_WORDS)})(?:\s*\([^()]{1,40}\)|\s+(?:des|der|of|de|du|del|della|van)\s+\p{L}+)*\s*(?:${alternatives(NUMBER_MARKERS)})(?!\p{L})\s*[:.]?\s*(${ID})`,
  'iu',
);
// A title and its number alone in a segment, with no marker between them ("Tax Invoice 471113", "INVOICE INV-2025-0042"): not a date, nor a page count ("1/2");
// no word before the title, which would name another document ("Original invoice INV125169" on a credit note).
const TITLE_BARE = new RegExp(String.raw`^[^\p{L}\p{N}]*\p{L}*(?:${alternatives(TITLE_WORDS)})\s+(${ID})\s*$`, 'iu');
const NOT_A_NUMBER = /^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}\/\d{1,2})$/u;
const JOINED_DATE = new RegExp(String.raw`^[\s,]*(?:${alternatives(DATE_JOINERS)})(?:\s+|$)`, 'iu');

/** The first segment in reading order that opens with the document's title and its number, with the date joined to it. */
export function titleLine(rows: readonly VisualRow[][]): TitleLine {
  for (const [p, pageRows] of rows.entries()) {
    for (const [r, row] of pageRows.entries()) {
      for (const [s, segment] of row.segments.entries()) {
        const m = TITLE_NUMBER.exec(segment.text) ?? TITLE_BARE.exec(segment.text);
        if (!m || !/\d/u.test(m[1]!) || NOT_A_NUMBER.test(m[1]!)) continue;
        const end = m.index + m[0].length;
        const number = segmentCandidate(segment, end - m[1]!.length, end, readingOrder(p, r, s), TITLE_CONFIDENCE);
        const next = pageRows[r + 1]?.segments[0];
        const date = joinedDate(segment, end, readingOrder(p, r, s), next && { segment: next, order: readingOrder(p, r + 1, 0) });
        return { ...(number ? { number } : {}), ...(date ? { date } : {}) };
      }
    }
  }
  return {};
}

/**
 * A date after a joining word ("vom", "du", "dated") at `from` in the segment. The title may break
 * before the joiner or after it: the date then opens the next row ("... Nr. 471102 vom" / "05.03.2018").
 */
function joinedDate(segment: Segment, from: number, order: number, next?: { segment: Segment; order: number }): Candidate | undefined {
  const rest = segment.text.slice(from);
  if (rest.trim() === '') return next && joinedDate(next.segment, 0, next.order);
  const joiner = JOINED_DATE.exec(rest);
  if (!joiner) return undefined;
  const start = from + joiner[0].length;
  if (segment.text.slice(start).trim() === '') return next && dateAt(next.segment, 0, next.order, TITLE_CONFIDENCE);
  return dateAt(segment, start, order, TITLE_CONFIDENCE);
}
