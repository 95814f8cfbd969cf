import type { FieldSpec } from '../document/field-spec.js';

/**
 * What a line-item column holds. A table's configured columns and the headers a page prints are both
 * read as roles, so "Menge", "Qté" and "数量" all find a column named "Quantity".
 */
export type ColumnRole = 'position' | 'item_code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'tax_rate' | 'tax' | 'line_amount';

/** Columns whose cells are numbers: a row is anchored by them, a wrapped line never fills them twice. */
export const NUMERIC_ROLES: ReadonlySet<ColumnRole> = new Set(['quantity', 'unit_price', 'discount', 'tax_rate', 'tax', 'line_amount']);

/**
 * Header words per role in en, zh, de, fr, es, it, nl, ja (and the identities a category gives its
 * columns). A bare "Tax", "MwSt" or "TVA" over a column is its rate: invoices print the amount of
 * tax per line as "Tax amount", "Steuerbetrag", "Montant TVA".
 */
const WORDS: Readonly<Record<ColumnRole, readonly string[]>> = {
  position: ['pos', 'pos.', 'position', 'pos nr', 'line', 'line no', 'ln', '#', 'no', 'no.', 'nr', 'nr.', 'n°', 'nº', 'lfd nr', 'ligne', 'núm', 'riga', 'regel', '序号', '行号', '番号'],
  item_code: ['item code', 'item no', 'item number', 'sku', 'part no', 'part number', 'product code', 'article no', 'code', 'ref', 'reference', 'référence', 'réf', 'art nr', 'artnr', 'art.-nr', 'artikelnummer', 'artikel nr', 'artikelnr', 'gtin', 'ean', 'código', 'referencia', 'codice', 'cod', 'artikelcode', 'artikelnummer', '商品编码', '编码', '规格型号', '品番', '商品コード', '型番'],
  description: ['description', 'desc', 'item', 'items', 'item description', 'product', 'products', 'service', 'services', 'article', 'designation', 'details', 'particulars', 'beschreibung', 'bezeichnung', 'artikelbezeichnung', 'artikel', 'leistung', 'leistungsbeschreibung', 'produkt', 'désignation', 'libellé', 'libelle', 'produit', 'prestation', 'descripción', 'descripcion', 'concepto', 'artículo', 'producto', 'descrizione', 'articolo', 'prodotto', 'omschrijving', '货物或应税劳务、服务名称', '货物或应税劳务名称', '项目名称', '货物名称', '商品名称', '品名', '名称', '商品', '品目', '摘要', '内容', '商品名', '明細', '品名・規格'],
  quantity: ['quantity', 'qty', 'quant', 'menge', 'anzahl', 'anz', 'quantité', 'quantite', 'qté', 'qte', 'cantidad', 'cant', 'uds', 'quantità', 'qtà', 'q.tà', 'aantal', 'hoeveelheid', '数量', '数'],
  unit: ['unit', 'uom', 'u/m', 'einheit', 'me', 'eh', 'unité', 'unite', 'unidad', 'ud', 'unità', 'um', 'eenheid', '单位', '単位'],
  unit_price: ['unit price', 'price', 'rate', 'unit cost', 'price each', 'each', 'einzelpreis', 'preis', 'nettopreis', 'stückpreis', 'e-preis', 'ep', 'einzel', 'prix unitaire', 'prix', 'pu', 'p.u.', 'pu ht', 'prix ht', 'precio unitario', 'precio', 'prezzo unitario', 'prezzo', 'eenheidsprijs', 'prijs', 'stukprijs', '单价', '單價', '単価', '价格'],
  discount: ['discount', 'disc', 'disc.%', 'rabatt', 'nachlass', 'remise', 'rem', 'descuento', 'dto', 'dcto', 'sconto', 'korting', '折扣', '折扣率', '値引', '割引'],
  tax_rate: ['tax rate', 'tax %', 'vat %', 'vat rate', 'gst %', 'taxes', 'tax', 'vat', 'gst', 'steuersatz', 'steuer', 'ust', 'ust %', 'ust satz', 'mwst', 'mwst %', 'mwst satz', 'mwst.-satz', 'taux tva', 'taux', 'tva', 'tva %', 'iva', 'iva %', '% iva', 'tipo iva', 'aliquota', 'aliquota iva', 'btw', 'btw %', '税率', '税率%', '征收率', '税率・区分'],
  tax: ['tax amount', 'vat amount', 'tax amt', 'steuerbetrag', 'mwst betrag', 'mwst-betrag', 'ust betrag', 'ust.-betrag', 'montant tva', 'cuota iva', 'importe iva', 'importo iva', 'btw bedrag', 'btw-bedrag', '税额', '稅額', '消費税額', '消費税', 'line tax'],
  line_amount: ['amount', 'total', 'line total', 'line amount', 'net amount', 'sum', 'value', 'subtotal', 'betrag', 'nettobetrag', 'gesamt', 'gesamtpreis', 'gesamtbetrag', 'summe', 'nettowert', 'wert', 'entgelt', 'endbetrag', 'montant', 'montant ht', 'total ht', 'prix total', 'importe', 'importe total', 'total línea', 'importo', 'importo totale', 'totale', 'bedrag', 'totaal', '金额', '金額', '小计', '小計', '金額(税抜)'],
};

/** The text as header words are compared: lower case, accents and spacing and most punctuation aside. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%#°º\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, '');
}

// A short word ("pos", "me", "ust", "#") names a column only as a whole word; a longer one also inside a compound ("Artikelbezeichnung").
const MIN_INNER_LENGTH = 4;

interface Word {
  role: ColumnRole;
  key: string;
}

const VOCABULARY: readonly Word[] = (Object.entries(WORDS) as [ColumnRole, readonly string[]][])
  .flatMap(([role, words]) => words.map((w) => ({ role, key: headerKey(w) })))
  .filter((w) => w.key !== '')
  .sort((a, b) => b.key.length - a.key.length);

/** A role word found in a text: its code-unit span in that text. */
export interface RoleMatch {
  role: ColumnRole;
  start: number;
  end: number;
  /** Key characters covered: a longer name is a surer one. */
  length: number;
}

/**
 * The role words of a text, longest first and not overlapping, in reading order. Of several inside one
 * word the last is the word's head ("Positionsbetrag" is an amount, "Basismenge" a quantity).
 */
export function rolesInText(text: string): RoleMatch[] {
  const { key, at, wordStarts, wordEnds } = keyed(text);
  const taken: RoleMatch[] = [];
  const used = new Array<boolean>(key.length).fill(false);
  for (const word of VOCABULARY) {
    for (let from = key.indexOf(word.key); from >= 0; from = key.indexOf(word.key, from + 1)) {
      const to = from + word.key.length;
      const whole = wordStarts.has(from) && wordEnds.has(to);
      if (word.key.length < MIN_INNER_LENGTH && !whole) continue;
      if (used.slice(from, to).some(Boolean)) continue;
      used.fill(true, from, to);
      taken.push({ role: word.role, start: at[from]!, end: at[to - 1]! + 1, length: word.key.length });
    }
  }
  const wordOf = (m: RoleMatch) => text.slice(0, m.start).split(/\s+/u).length;
  return taken.sort((a, b) => a.start - b.start).filter((m, i, all) => all[i + 1] === undefined || wordOf(all[i + 1]!) !== wordOf(m));
}

/** The header key of a text with, per key character, its index in the text, and where its words begin and end. */
function keyed(text: string): { key: string; at: number[]; wordStarts: Set<number>; wordEnds: Set<number> } {
  let key = '';
  const at: number[] = [];
  const wordStarts = new Set<number>();
  const wordEnds = new Set<number>();
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const k = headerKey(text[i]!);
    if (k === '') {
      if (inWord) wordEnds.add(key.length);
      inWord = false;
      continue;
    }
    // A symbol or a CJK character is a word of its own.
    const alone = /[%#°º\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(k);
    if (!inWord || alone) wordStarts.add(key.length);
    if (inWord && alone) wordEnds.add(key.length);
    key += k;
    for (let c = 0; c < k.length; c++) at.push(i);
    inWord = !alone;
    if (alone) wordEnds.add(key.length);
  }
  wordEnds.add(key.length);
  return { key, at, wordStarts, wordEnds };
}

// The role word must be most of a column's name: "Customer reference" is not the item code column.
const MIN_NAME_SHARE = 0.6;

/** The role of a configured column: its identity first ("unit_price"), then its name and aliases; undefined when none names a role. */
export function roleOfColumn(spec: FieldSpec): ColumnRole | undefined {
  for (const text of [spec.identifier.replace(/_/gu, ' '), ...spec.labels.filter((l) => l.kind !== 'prompt').map((l) => l.text)]) {
    const matches = rolesInText(text);
    const best = [...matches].sort((a, b) => b.length - a.length)[0];
    if (best && best.length / Math.max(1, headerKey(text).length) >= MIN_NAME_SHARE) return best.role;
  }
  return undefined;
}
