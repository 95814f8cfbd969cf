import { repairedUscc } from '../../../shared/invoice/tax-id.js';
import { withoutEdgeNoise } from '../layout/edge-noise.js';
import { joined, median, middleY, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { readingOrder, type Candidate } from './candidate.js';
import { PARTY_HEADINGS, PARTY_ROW_LABELS, type FieldRole, type PartyRowLabel } from '../words/role-vocabulary.js';
import { isUnspaced } from '../words/word-pattern.js';
import { chineseAddressParts } from './postal-address.js';
import { narrowToType } from './typed-value-text.js';
import { escapedPattern } from '../document/text-match.js';

export type Party = 'buyer' | 'seller';

/** The rows of a page beside one vertical section label ("购买方" written down the grid's left edge). */
export interface PartyBand {
  /** A delivery address's block is no party's: neither party's values are read in it. */
  party: Party | 'delivery';
  page: number;
  top: number;
  bottom: number;
  /** Right edge of the section label: the block's labels and values stand right of it. */
  left: number;
  /** Where the block ends on the right (a block beside it, the cipher area); open when absent. */
  right?: number;
}

interface PlacedSegment {
  segment: Segment;
  row: number;
  index: number;
}

// A section label written down the grid's edge is a party's heading in characters (CJK; "购买方", "销售方"); the issuer of a VAT invoice is its seller.
const verticalHeadings = (party: Party) => PARTY_HEADINGS[party].filter(isUnspaced);
const PARTY_WORDS: Record<Party, readonly string[]> = { buyer: verticalHeadings('buyer'), seller: verticalHeadings('seller') };
// Characters of one column are at most this many text heights apart (they are spread over the block's rows).
const MAX_COLUMN_GAP = 4;
// A block's rows reach this share of a text height above its first label character and below its last.
const BAND_MARGIN = 0.75;
const TALL = 1.5;

/**
 * Labels inside a party block and what they label, longest first so "统一社会信用代码/纳税人识别号" wins over
 * its tail; each as printed at a segment's start, spread over its box or not ("名　　称", "地 址、电 话").
 */
const BLOCK_LABELS: readonly { kind: PartyRowLabel; label: string; opening: RegExp }[] = (Object.entries(PARTY_ROW_LABELS) as [PartyRowLabel, string[]][])
  .flatMap(([kind, labels]) => labels.map((label) => ({ kind, label, opening: new RegExp(`^\\s*${Array.from(label).map(escapedPattern).join('\\s*')}\\s*[:：]?`, 'u') })))
  .sort((a, b) => b.label.length - a.label.length);

const ROLE_OF_BLOCK: Partial<Record<FieldRole, { party: Party; kind: PartyRowLabel; part?: 'city' | 'street' }>> = {
  buyer_name: { party: 'buyer', kind: 'name' },
  buyer_tax_id: { party: 'buyer', kind: 'tax_id' },
  buyer_address: { party: 'buyer', kind: 'address' },
  buyer_city: { party: 'buyer', kind: 'address', part: 'city' },
  buyer_street: { party: 'buyer', kind: 'address', part: 'street' },
  issuer_name: { party: 'seller', kind: 'name' },
  issuer_tax_id: { party: 'seller', kind: 'tax_id' },
  issuer_address: { party: 'seller', kind: 'address' },
  issuer_city: { party: 'seller', kind: 'address', part: 'city' },
  issuer_street: { party: 'seller', kind: 'address', part: 'street' },
};

/** A value in its own party's block is surer than one reached by a bare "名称" anywhere on the page. */
export const PARTY_CONFIDENCE = 0.96;

const isVertical = (s: Segment) => Array.from(s.text.replace(/\s/gu, '')).length === 1 || s.bottom - s.top > TALL * (s.right - s.left);

/** Party blocks of every page: columns of single characters (or one tall text) that spell a party word. */
export function partyBands(rows: readonly VisualRow[][]): PartyBand[] {
  return rows.flatMap((pageRows) => {
    const columns = verticalColumns(pageRows.flatMap((row) => row.segments.filter(isVertical)));
    const spelled = columns.map((column) => ({ column, bands: bandOf(column) }));
    const found = spelled.flatMap((s) => s.bands);
    const labelled = spelled.map((s) => (s.bands.length > 0 || CLOSING_AREAS.test(columnText(s.column)) ? s : { ...s, bands: besideBlock(s.column, found) }));
    // A 数电票 sets the seller's block beside the buyer's, under its own vertical label: that label ends the buyer's block.
    const closing = labelled.filter((s) => s.bands.length > 0 || CLOSING_AREAS.test(columnText(s.column))).map((s) => s.column);
    const bands = labelled.flatMap((s) => s.bands);
    return [...bands, ...unlabelledBeside(pageRows, bands)].map((band) => closedBy(band, closing));
  });
}

// Areas printed beside a party's block, labelled down their own edge: the cipher area (密码区) and the remarks (备注) hold no party's value.
const CLOSING_AREAS = /密码区|密码|备注/u;
const CLOSING_CHARS = /[密码区备注]/u;
const columnText = (column: readonly Segment[]) => column.map((s) => s.text.replace(/\s/gu, '')).join('');

/** The party whose vertical headings open with this character (购 buyer, 销 seller), if only one's do. */
function partyOfInitial(initial: string | undefined): Party | undefined {
  const parties = (Object.keys(PARTY_WORDS) as Party[]).filter((party) => PARTY_WORDS[party].some((w) => w.startsWith(initial ?? '\u0000')));
  return parties.length === 1 ? parties[0] : undefined;
}

/**
 * A column of label characters that spells no party word, as a scan leaves it ("购息", "销隽信", "息"):
 * its first character names the party where a second follows or the other party's block stands
 * beside it; else, beside the one party's block and at its height, it heads the other's, the buyer's
 * at the left and the seller's at the right as a 数电票 sets them (no character of 密码区 or 备注).
 */
function besideBlock(column: readonly Segment[], found: readonly PartyBand[]): PartyBand[] {
  const chars = Array.from(columnText(column));
  const [top, bottom] = [column[0]!.top, column[column.length - 1]!.bottom];
  const onPage = found.filter((b) => b.page === column[0]!.page && b.party !== 'delivery');
  const besides = onPage.filter((b) => top < b.bottom && bottom > b.top);
  const initial = partyOfInitial(chars[0]);
  if (initial && (chars.length > 1 || besides.some((b) => b.party !== initial))) return [bandOfChars(initial, column)];
  const block = besides.length === 1 && new Set(onPage.map((b) => b.party)).size === 1 ? besides[0]! : undefined;
  if (!block || CLOSING_CHARS.test(chars.join(''))) return [];
  const other: Party = block.party === 'buyer' ? 'seller' : 'buyer';
  const left = Math.min(...column.map((s) => s.left));
  if (other === 'buyer' ? left > block.left : left < block.left) return [];
  const band = bandOfChars(other, column);
  return [{ ...band, top: Math.min(band.top, block.top), bottom: Math.max(band.bottom, block.bottom) }];
}

/**
 * The buyer's block a scan left without any label character, where the page has only the seller's:
 * the block labels (名称, 纳税人识别号) at its height left of it are the buyer's, as a 数电票 sets them.
 */
function unlabelledBeside(pageRows: readonly VisualRow[], bands: readonly PartyBand[]): PartyBand[] {
  const seller = bands.length === 1 && bands[0]!.party === 'seller' ? bands[0] : undefined;
  if (!seller) return [];
  const labels = pageRows.flatMap((row) => row.segments).filter((s) => blockLabel(s.text) && s.right < seller.left && middleY(s) >= seller.top && middleY(s) <= seller.bottom);
  return labels.length === 0 ? [] : [{ party: 'buyer', page: seller.page, top: seller.top, bottom: seller.bottom, left: Math.min(...labels.map((s) => s.left)) - 1 }];
}

/** A band ends on the right where an area or another block labelled down its edge beside it begins. */
function closedBy(band: PartyBand, areas: readonly Segment[][]): PartyBand {
  const lefts = areas.filter((c) => c[0]!.page === band.page && c[0]!.left > band.left && c[0]!.top < band.bottom && c[c.length - 1]!.bottom > band.top).map((c) => Math.min(...c.map((s) => s.left)));
  return lefts.length > 0 ? { ...band, right: Math.min(...lefts) } : band;
}

/** Vertical runs of label characters: each joins the nearest column above it that it lines up under. */
function verticalColumns(segments: readonly Segment[]): Segment[][] {
  const columns: Segment[][] = [];
  for (const s of [...segments].sort((a, b) => a.top - b.top)) {
    const height = s.bottom - s.top;
    const column = columns.find((c) => {
      const last = c[c.length - 1]!;
      return last.left < s.right && s.left < last.right && s.top >= last.top && s.top - last.bottom <= MAX_COLUMN_GAP * height;
    });
    if (column) column.push(s);
    else columns.push([s]);
  }
  return columns;
}

/** A band per party word the column spells: one column may run down both blocks ("购买方" then "销售方"). */
function bandOf(column: readonly Segment[]): PartyBand[] {
  const chars = column.flatMap((s) => Array.from(s.text.replace(/\s/gu, '')).map((ch) => ({ ch, s })));
  const text = chars.map((c) => c.ch).join('');
  const words = (Object.keys(PARTY_WORDS) as Party[]).flatMap((party) => PARTY_WORDS[party].flatMap((w) => [...text.matchAll(new RegExp(w, 'gu'))].map((m) => ({ party, start: m.index, end: m.index + w.length }))));
  const kept = words.sort((a, b) => a.start - b.start || b.end - a.end).filter((w, i, all) => all.findIndex((o) => o.start <= w.start && o.end > w.start) === i);
  return kept.map((w, i) => bandOfChars(w.party, chars.slice(w.start, labelEnd(chars, w.end, kept[i + 1]?.start ?? chars.length)).map((c) => c.s)));
}

// Characters of one label follow each other closely; a wider gap ends it.
const LABEL_GAP = 0.6;

/** Where the label that holds a party word ends: past the characters that run on close under it ("购买方信息"), before the next word. */
function labelEnd(chars: readonly { s: Segment }[], end: number, next: number): number {
  let at = end;
  while (at < next && chars[at]!.s.top - chars[at - 1]!.s.bottom <= LABEL_GAP * Math.min(chars[at]!.s.right - chars[at]!.s.left, chars[at]!.s.bottom - chars[at]!.s.top)) at++;
  return at;
}

function bandOfChars(party: Party, segments: readonly Segment[]): PartyBand {
  // A character's size is the smaller side of its box (a tall merged label is one character wide).
  const margin = BAND_MARGIN * median(segments.map((s) => Math.min(s.right - s.left, s.bottom - s.top)));
  return { party, page: segments[0]!.page, top: segments[0]!.top - margin, bottom: segments[segments.length - 1]!.bottom + margin, left: Math.max(...segments.map((s) => s.right)) };
}

export function bandOfSegment(bands: readonly PartyBand[], page: number, box: readonly number[]): PartyBand | undefined {
  const middle = (box[1]! + box[3]!) / 2;
  return bands.find((b) => b.page === page && middle >= b.top && middle <= b.bottom && box[0]! >= b.left && box[0]! < (b.right ?? Number.POSITIVE_INFINITY));
}

/** The party a role's value belongs to, when it is a value of a party (its name, address or a part of it, tax id). */
export function partyOfRole(role: FieldRole): Party | undefined {
  return role.startsWith('buyer_') ? 'buyer' : role.startsWith('issuer_') ? 'seller' : undefined;
}

/** Values of the role read from its own party's block: "名称：" and the rest of its segment, or the segment right of it. */
export function partyCandidates(role: FieldRole, rows: readonly VisualRow[][], bands: readonly PartyBand[]): Candidate[] {
  const wanted = ROLE_OF_BLOCK[role];
  if (!wanted) return [];
  return bands
    .filter((b) => b.party === wanted.party)
    .flatMap((band) => {
      const inside = segmentsIn(rows[band.page] ?? [], band).map((placed, _, all) => withSpreadLabel(placed, all));
      return inside.flatMap((placed) => {
        const hit = blockLabel(placed.segment.text);
        if (hit?.kind !== wanted.kind) return [];
        const whole = valueAfter(placed, hit.end, inside, role);
        const part = wanted.part && whole && chineseAddressParts(whole.text)[wanted.part];
        const value = wanted.part ? part && sliceSegment(whole!, ...part) : whole;
        return value ? [{ value: hit.kind === 'tax_id' ? repairedUscc(value.text) : value.text, page: band.page, boxes: value.boxes, confidence: PARTY_CONFIDENCE, labelLength: Array.from(hit.label).length, order: readingOrder(band.page, placed.row, placed.index) }] : [];
      });
    });
}

function segmentsIn(pageRows: readonly VisualRow[], band: PartyBand): PlacedSegment[] {
  return pageRows.flatMap((row, r) => row.segments.map((segment, index) => ({ segment, row: r, index }))).filter(({ segment }) => bandOfSegment([band], band.page, [segment.left, segment.top, segment.right, segment.bottom]) !== undefined);
}

// A spread label's characters a scan read apart stand at most this many text heights from each other.
const SPREAD_LABEL_GAP = 4;

/**
 * A segment holding only the first characters of a block label, joined to the segment right of it
 * that holds the rest: a scan reads a spread "名　　称：" as "名" and "称深圳新元…" (its colon lost).
 */
function withSpreadLabel(placed: PlacedSegment, all: readonly PlacedSegment[]): PlacedSegment {
  const head = placed.segment.text.replace(/\s/gu, '');
  if (head === '' || blockLabel(placed.segment.text) || !BLOCK_LABELS.some((l) => l.label.length > head.length && l.label.startsWith(head))) return placed;
  const { segment } = placed;
  const height = segment.bottom - segment.top;
  const next = all
    .map((p) => p.segment)
    .filter((s) => s.left >= segment.right && s.left - segment.right <= SPREAD_LABEL_GAP * height && middleY(s) >= segment.top - height / 2 && middleY(s) <= segment.bottom + height / 2)
    .sort((a, b) => a.left - b.left)[0];
  const merged = next && joined([segment, next]);
  return merged && blockLabel(merged.text) ? { ...placed, segment: merged } : placed;
}

/** The block label a segment opens with, and where its colon ends (code points). */
function blockLabel(text: string): { kind: PartyRowLabel; label: string; end: number } | undefined {
  for (const { kind, label, opening } of BLOCK_LABELS) {
    const printed = opening.exec(text)?.[0];
    if (printed !== undefined) return { kind, label, end: Array.from(printed).length };
  }
  return undefined;
}

/** The value after a block label: the rest of its segment, else the nearest segment to its right on the same line. */
function valueAfter(placed: PlacedSegment, from: number, inside: readonly PlacedSegment[], role: FieldRole): Segment | undefined {
  const { segment } = placed;
  const rest = sliceSegment(segment, from, Array.from(segment.text).length);
  const own = rest && withoutEdgeNoise(rest);
  if (own) return narrowToType(own, role);
  // A dot-matrix printer fills a form off its boxes: the value may start over the label's end and sit half a line low or high.
  const slack = (segment.bottom - segment.top) / 2;
  const right = inside
    .map((p) => p.segment)
    .filter((s) => s.left >= segment.right - 2 * slack && s.right > segment.right && middleY(s) >= segment.top - slack && middleY(s) <= segment.bottom + slack && !blockLabel(s.text))
    .sort((a, b) => a.left - b.left)[0];
  const cleaned = right && withoutEdgeNoise(right);
  return cleaned && narrowToType(cleaned, role);
}

/** Party values found outside their own block: a "名称" in the buyer's block is no seller's name. */
export function outsideOtherParties(role: FieldRole, bands: readonly PartyBand[], candidates: readonly Candidate[]): Candidate[] {
  const party = partyOfRole(role);
  if (!party || bands.length === 0) return [...candidates];
  return candidates.filter((c) => {
    const band = c.boxes[0] && bandOfSegment(bands, c.page, c.boxes[0]);
    return !band || band.party === party;
  });
}
