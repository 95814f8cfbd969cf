import { beforeAll, describe, expect, it } from 'vitest';
import { germanWords, loadGermanWords, type GermanWords } from '../../../../../../src/engine/pipeline/read/ocr/german-words.js';
import { loadLexicon, packedLexicon, type Lexicon } from '../../../../../../src/engine/pipeline/read/ocr/lexicon.js';
import type { Guess } from '../../../../../../src/engine/pipeline/read/ocr/ctc-decode.js';
import { fitUmlauts, mostlyGerman, SEEN_MARK_P } from '../../../../../../src/engine/pipeline/read/ocr/umlaut-fit.js';

const ENGLISH = packedLexicon(new TextEncoder().encode(['street', 'total', 'mull', 'muller', 'grin', 'please', 'thank'].join('\n')));
const GERMAN = germanWords(['München', 'Straße', 'Kunden', 'Frühstück', 'schon', 'schön', 'Wahrung', 'Währung', 'umwelt', 'schaden', 'Schäden', 'Umweltschäden', 'Käufer', 'Müll', 'Rechnung', 'Übung', 'Beschreibung', 'Blätter', 'Kühe', 'Zitronen', 'saure', 'Säure', 'Mann', 'Grube', 'grün', 'breit', 'Kunst', 'Rasen'], ENGLISH, ['Müller']);

const fit = (text: string, german: GermanWords = GERMAN, english: Lexicon = ENGLISH, inGerman = false) => fitUmlauts(Array.from(text), [], german, english, inGerman).join('');
/** `text` as read, with the recognizer's other guesses at some places (index: guesses). */
const fitSeen = (text: string, seen: Record<number, Guess[]>) => fitUmlauts(Array.from(text), Array.from(text, (_, i) => seen[i] ?? []), GERMAN, ENGLISH, false).join('');

describe('fitUmlauts', () => {
  it('gives a word read without its umlauts them back, in the case it was read', () => {
    expect(fit('80333 Munchen')).toBe('80333 München');
    expect(fit('80333 MUNCHEN')).toBe('80333 MÜNCHEN');
    expect(fit('Kaufer:')).toBe('Käufer:');
  });

  it('reads a capital B or F inside small letters as the ß it was', () => {
    expect(fit('StraBe 20')).toBe('Straße 20');
    expect(fit('StraFe 20')).toBe('Straße 20');
    expect(fit('Mit freundlichen GruFe')).toBe('Mit freundlichen GruFe');
  });

  it('takes an i for the ü it often is', () => {
    expect(fit('Fruhstick')).toBe('Frühstück');
  });

  it('reads a compound part by part from its end, a linking or genitive s between', () => {
    expect(fit('KundenstraBe 1')).toBe('Kundenstraße 1');
    expect(fit('Rechnungskaufer')).toBe('Rechnungskäufer');
    expect(fit('Kaufers')).toBe('Käufers');
  });

  it('reads a name or a word that alone would be English as a part of a compound ("Mullermann" is "Müllermann")', () => {
    expect(fit('Liselotte Mullermann')).toBe('Liselotte Müllermann');
  });

  it('reads a compound whose first part no list holds when its known end is long ("Trennblätter"), not when short', () => {
    expect(fit('Trennblatter A4')).toBe('Trennblätter A4');
    expect(fit('desKaufers')).toBe('desKäufers');
    expect(fit('Trennkuhe')).toBe('Trennkuhe');
  });

  it('keeps a reading that is a word of its own, or made of plain words', () => {
    expect(fit('schon')).toBe('schon');
    expect(fit('Wahrung')).toBe('Wahrung');
    expect(fit('Umweltschaden')).toBe('Umweltschaden');
  });

  it('reads an English look-alike as German on a page of German words ("grin" is "grün")', () => {
    const page = ['Kunstrasen', 'grin 3m breit', 'Rechnung'].map((line) => Array.from(line));
    expect(mostlyGerman(page, GERMAN, ENGLISH)).toBe(true);
    expect(fit('grin 3m breit', GERMAN, ENGLISH, true)).toBe('grün 3m breit');
    expect(fit('grin 3m breit', GERMAN, ENGLISH, false)).toBe('grin 3m breit');
    expect(mostlyGerman([Array.from('Please grin, thank you, total street')], GERMAN, ENGLISH)).toBe(false);
  });

  it('reads a plain word with its marks where the recognizer half-saw them ("Zitronensaure" with ä beside the a)', () => {
    const a = 'Zitronensaure'.lastIndexOf('a');
    expect(fitSeen('Zitronensaure 100ml', { [a]: [{ char: 'ä', p: 0.04 }] })).toBe('Zitronensäure 100ml');
    expect(fitSeen('Wahrung: EUR', { 1: [{ char: 'ä', p: SEEN_MARK_P }] })).toBe('Währung: EUR');
    expect(fitSeen('Zitronensaure 100ml', { [a]: [{ char: 'ä', p: SEEN_MARK_P / 2 }] })).toBe('Zitronensaure 100ml');
    expect(fitSeen('Wahrung: EUR', { 2: [{ char: 'ä', p: 0.5 }] })).toBe('Wahrung: EUR');
  });

  it('never takes away a mark the recognizer read', () => {
    expect(fit('Zitronensäure')).toBe('Zitronensäure');
  });

  it('keeps English words, short words and words no list knows', () => {
    expect(fit('Mull')).toBe('Mull');
    expect(fit('Muller')).toBe('Muller');
    expect(fit('Mun')).toBe('Mun');
    expect(fit('Vollkasko')).toBe('Vollkasko');
  });

  it('leaves the pieces of a word the recognizer split alone ("Beschre ibung" is no "Übung")', () => {
    expect(fit('Pos Beschre ibung Menge')).toBe('Pos Beschre ibung Menge');
    expect(fit('Die Ibung')).toBe('Die Übung');
  });

  it('changes letters in place, so every character keeps its box', () => {
    const read = 'Lieferung KundenstraBe Munchen';
    expect(Array.from(fit(read))).toHaveLength(Array.from(read).length);
  });
});

describe('the shipped German lists', () => {
  let german: GermanWords;
  let english: Lexicon;
  beforeAll(async () => {
    english = await loadLexicon();
    german = await loadGermanWords(english);
  });

  it('restore what scans of German invoices lose', () => {
    const read = 'Verkaufer: LieferantenstraBe 20, 80333 Munchen; Falligkeit gemaB Umsatzsteueraufschlusselung';
    expect(fit(read, german, english)).toBe('Verkäufer: Lieferantenstraße 20, 80333 München; Fälligkeit gemäß Umsatzsteueraufschlüsselung');
  });

  it('leave English and Malay receipt words alone', () => {
    const read = 'TAMAN DAYA, JALAN PERMAS; Thank you, please come again; CASHIER TOTAL ROUNDING';
    expect(fit(read, german, english)).toBe(read);
  });
});
