import type { FieldTarget } from './field-targets.js';

/** A stretch of a sentence: plain prose, or words that name fields (several when names are shared). */
export type ProseSegment = { kind: 'text'; text: string } | { kind: 'mention'; text: string; targets: FieldTarget[] };

interface Hit {
  start: number;
  end: number;
  targets: FieldTarget[];
}

const CJK = /\p{Script=Han}/u;
const LATIN_EDGE = '[\\p{L}\\p{N}]';

/** Prose and names are compared after NFKC (full-width letters, digits, brackets) and with one space between words. */
export function normalizeProse(text: string): string {
  return text.normalize('NFKC').replace(/[’‘`]/gu, "'").replace(/\s+/gu, ' ');
}

/**
 * A term as a pattern: Latin words stand alone and may take a plural or possessive ending
 * ("line item amounts"); Chinese is matched anywhere, spaces inside it ignored.
 */
function termPattern(term: string): RegExp {
  // "Line items" also reads "line item": the plural is one of the endings allowed below.
  const words = normalizeProse(term).trim().replace(/(?<=[a-z]{3}[^s])s$/iu, '').split(' ');
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join(CJK.test(term) ? '\\s*' : '\\s+');
  if (CJK.test(term)) return new RegExp(body, 'giu');
  return new RegExp(`(?<!${LATIN_EDGE})${body}(?:'s|s|es)?(?!${LATIN_EDGE})`, 'giu');
}

function exactHits(sentence: string, targets: readonly FieldTarget[]): Hit[] {
  const bySpan = new Map<string, Hit>();
  for (const target of targets) {
    for (const term of target.terms) {
      for (const match of sentence.matchAll(termPattern(term))) {
        const key = `${match.index}:${match.index + match[0].length}`;
        const hit = bySpan.get(key) ?? { start: match.index, end: match.index + match[0].length, targets: [] };
        if (!hit.targets.includes(target)) hit.targets.push(target);
        bySpan.set(key, hit);
      }
    }
  }
  return [...bySpan.values()];
}

/**
 * A Chinese name the clerk wrote with another first character ("发票日期" for the field 开票日期):
 * the longer part of the name's ending, found in prose no exact name covered, for one field only.
 */
function suffixHits(sentence: string, targets: readonly FieldTarget[], taken: readonly Hit[]): Hit[] {
  const free = (start: number, end: number) => !taken.some((h) => start < h.end && h.start < end);
  const best = new Map<FieldTarget, Hit & { length: number }>();
  for (const target of targets.filter((t) => t.kind === 'field')) {
    for (const term of target.terms.filter((t) => CJK.test(t) && t.length >= 3)) {
      for (let length = term.length - 1; length * 2 > term.length; length--) {
        const at = sentence.indexOf(term.slice(-length));
        if (at >= 0 && free(at, at + length) && (best.get(target)?.length ?? 0) < length) {
          best.set(target, { start: at, end: at + length, targets: [target], length });
          break;
        }
      }
    }
  }
  const found = [...best.values()];
  const longest = Math.max(0, ...found.map((h) => h.length));
  const winners = found.filter((h) => h.length === longest);
  return winners.length === 1 ? winners : [];
}

/** The longest names win; a shorter name inside a longer one ("金额" in "报销金额") is not a mention. */
function nonOverlapping(hits: readonly Hit[]): Hit[] {
  const chosen: Hit[] = [];
  for (const hit of [...hits].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    if (!chosen.some((c) => hit.start < c.end && c.start < hit.end)) chosen.push(hit);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

const CONNECTOR = /^(?:\s|的|中|里|'s)*$/u;

/** A table named just before one of its columns ("line item amounts", "明细的金额") makes one mention: that column. */
function joinTableColumns(segments: readonly ProseSegment[]): ProseSegment[] {
  const joined: ProseSegment[] = [];
  for (const segment of segments) {
    const last = joined.at(-1);
    const gap = last?.kind === 'text' && CONNECTOR.test(last.text) ? last : undefined;
    const before = gap ? joined.at(-2) : last;
    const tables = before?.kind === 'mention' ? before.targets.filter((t) => t.kind === 'table').map((t) => t.name) : [];
    const columns = segment.kind === 'mention' ? segment.targets.filter((t) => t.kind === 'column' && tables.includes(t.table!)) : [];
    if (columns.length === 0 || before === undefined) {
      joined.push(segment);
      continue;
    }
    const taken = gap ? 2 : 1;
    joined.splice(joined.length - taken, taken, { kind: 'mention', text: `${before.text}${gap?.text ?? ''}${segment.text}`, targets: columns });
  }
  return joined;
}

/** A sentence cut into prose and field mentions, in order. */
export function proseSegmentsOf(sentence: string, targets: readonly FieldTarget[]): ProseSegment[] {
  const exact = nonOverlapping(exactHits(sentence, targets));
  const hits = [...exact, ...suffixHits(sentence, targets, exact)].sort((a, b) => a.start - b.start);
  const segments: ProseSegment[] = [];
  let at = 0;
  for (const hit of hits) {
    if (hit.start > at) segments.push({ kind: 'text', text: sentence.slice(at, hit.start) });
    segments.push({ kind: 'mention', text: sentence.slice(hit.start, hit.end), targets: hit.targets });
    at = hit.end;
  }
  if (at < sentence.length) segments.push({ kind: 'text', text: sentence.slice(at) });
  return joinTableColumns(segments);
}
