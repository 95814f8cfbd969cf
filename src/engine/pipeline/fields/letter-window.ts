import { rowHeight, type Segment, type VisualRow } from '../layout/segments.js';
import { HEADER_CONFIDENCE } from './header-block.js';
import { isSalutation } from '../words/addressee.js';
import { addressCandidates, candidateOf, plainParts, type PartySection } from './party-sections.js';
import { addressParts, COMMAS, endsInPostcodeLine, piecesOf, type AddressLine } from './postal-address.js';

// The window under a letter's sender line: sure, not labelled.
const WINDOW_CONFIDENCE = { name: 0.88, address: 0.86 } as const;
// The sender line repeats the letterhead in small print: just under the letterhead's own reading, which is where a clerk looks.
const SENDER_CONFIDENCE = { name: HEADER_CONFIDENCE.legalName - 0.02, address: HEADER_CONFIDENCE.address - 0.02 } as const;
// The sender's line is printed in the letter's head, in its first rows.
const MAX_HEAD_ROWS = 16;
// Pieces of one line stand this close (in text heights); the window's lines start this near the sender line's left edge.
const [PIECE_GAP, WINDOW_INDENT] = [2.5, 4];
// Lines of the window follow each other this close (in text heights); the first may stand further below the sender line.
const [LINE_GAP, FIRST_GAP] = [2.5, 4];
const MAX_WINDOW_LINES = 7;

/**
 * The parties of a letter (DIN 5008 and the window envelopes of other countries): the sender's
 * line over the address window ("Bei Spiel GmbH • Ecke 12 • 12345 Stadthausen") is the seller's
 * name and address, the lines in the window under it the buyer's, down to its postcode line.
 */
export function letterWindowSections(rows: readonly VisualRow[][]): PartySection[] {
  const page = rows[0] ?? [];
  for (let r = 0; r < Math.min(page.length, MAX_HEAD_ROWS); r++) {
    for (const run of pieceRuns(page[r]!, r)) {
      const sender = senderIn(run);
      const window = sender && windowLines(page, r, run[0]!.segment);
      // A letterhead's own line of address pieces may stand over the sender line: the window starts under the last such line.
      if (sender && window && window.length >= 2 && !isSenderLine(window[0]!)) return [section('seller', run, sender), buyerSection(window)];
    }
  }
  const addressed = addressedWindow(page);
  return addressed ? [buyerSection(addressed)] : [];
}

/**
 * A window with no sender line over it: a salutation on a line of its own ("Herrn", "Frau", "Mr")
 * and the name and address under it, down to the postcode line: whoever a letter addresses is its
 * recipient.
 */
function addressedWindow(page: readonly VisualRow[]): AddressLine[] | undefined {
  for (let r = 0; r < Math.min(page.length, MAX_HEAD_ROWS); r++) {
    const salutation = page[r]!.segments.find((s) => isSalutation(s.text));
    const under = salutation && windowLines(page, r, salutation);
    if (salutation && under && under.length >= 2) return [{ segment: salutation, row: r, text: salutation.text, from: 0 }, ...under];
  }
  return undefined;
}

const buyerSection = (window: readonly AddressLine[]) => section('buyer', window, plainParts(window, 0, WINDOW_CONFIDENCE));

/** A sender line run together with commas ("Falk GmbH, Industriestraße 108, 86150 Augsburg"), opening with a name (no digit in it). */
function commaPieces(run: readonly AddressLine[]): AddressLine[] {
  const pieces = run.flatMap((piece) => piecesOf(piece, COMMAS));
  return /\d/u.test(pieces[0]?.text ?? '0') ? [] : pieces;
}

/** The sender's name and address in a run of pieces: set apart by bullets and the like, or by commas after a name. */
const senderIn = (run: readonly AddressLine[]) => senderOf(run) ?? senderOf(commaPieces(run));
const isSenderLine = (line: AddressLine) => senderIn(piecesOf(line)) !== undefined;

/** The sender line's name and address, when its pieces end in a postcode line. */
function senderOf(pieces: readonly AddressLine[]): PartySection['parts'] | undefined {
  if (pieces.length < 3 || !addressParts(pieces.slice(1)).parts.postcode) return undefined;
  return { name: candidateOf(pieces.slice(0, 1), 0, SENDER_CONFIDENCE.name), ...addressCandidates(pieces.slice(1), 0, SENDER_CONFIDENCE.address) };
}

/** A row's pieces between separators, in runs of segments that stand close together. */
function pieceRuns(row: VisualRow, r: number): AddressLine[][] {
  const height = rowHeight(row);
  const runs: { right: number; pieces: AddressLine[] }[] = [];
  for (const segment of row.segments) {
    const last = runs[runs.length - 1];
    const pieces = piecesOf({ segment, row: r, text: segment.text, from: 0 });
    if (last && segment.left - last.right <= PIECE_GAP * height) last.pieces.push(...pieces);
    else runs.push({ right: segment.right, pieces });
    runs[runs.length - 1]!.right = segment.right;
  }
  return runs.map((run) => run.pieces);
}

/** The window's lines: under the sender line, starting near its left edge, close to each other, down to the postcode line and the line after it (a country; addressParts cuts what is not). */
function windowLines(page: readonly VisualRow[], senderRow: number, sender: Segment): AddressLine[] {
  const height = sender.bottom - sender.top;
  const lines: AddressLine[] = [];
  let postcodeRead = false;
  for (let r = senderRow + 1; r < page.length && lines.length < MAX_WINDOW_LINES; r++) {
    const segment = page[r]!.segments.find((s) => Math.abs(s.left - sender.left) <= WINDOW_INDENT * Math.max(height, s.bottom - s.top));
    if (!segment) continue;
    const above = lines[lines.length - 1]?.segment ?? sender;
    const gap = (lines.length === 0 ? FIRST_GAP : LINE_GAP) * Math.max(height, above.bottom - above.top);
    if (segment.top - above.bottom > gap || /[:：]/u.test(segment.text)) break;
    const line = { segment, row: r, text: segment.text, from: 0 };
    lines.push(line);
    if (postcodeRead) break;
    postcodeRead = endsInPostcodeLine(lines);
  }
  return postcodeRead ? lines : [];
}

function section(party: 'seller' | 'buyer', lines: readonly AddressLine[], parts: PartySection['parts']): PartySection {
  const segments = lines.map((l) => l.segment);
  const band = { party, page: 0, top: Math.min(...segments.map((s) => s.top)), bottom: Math.max(...segments.map((s) => s.bottom)), left: Math.min(...segments.map((s) => s.left)), right: Math.max(...segments.map((s) => s.right)) };
  return { band, parts };
}
