import type { FieldSpec } from '../document/field-spec.js';
import { hasWord } from '../document/text-match.js';
import type { InvoiceLine } from '../../../shared-node/e-invoice/invoice-data.js';

/**
 * Which value of an invoice line a table column takes, read from the column's name, then its
 * aliases (in the way fields/roles.ts reads a field's role). Until the tables' own column roles
 * land, this is the table's field names; the most specific words first ("tax rate" before "rate",
 * "unit price" before "unit" and "price").
 */
const LINE_COLUMN_WORDS: readonly { key: keyof InvoiceLine; words: string[] }[] = [
  { key: 'taxRate', words: ['tax rate', 'vat rate', 'gst rate', 'vat %', 'tax %', 'steuersatz', 'mwst-satz', 'ust-satz', 'taux de tva', 'taux tva', 'tipo de iva', 'aliquota', '税率', '税率/征收率'] },
  { key: 'taxAmount', words: ['tax amount', 'vat amount', 'steuerbetrag', 'montant tva', 'cuota iva', '税额'] },
  { key: 'unitPrice', words: ['unit price', 'price', 'rate', 'einzelpreis', 'preis', 'prix unitaire', 'prix', 'precio unitario', 'precio', 'prezzo unitario', 'prezzo', 'eenheidsprijs', '单价', '単価', '單價'] },
  { key: 'quantity', words: ['quantity', 'qty', 'menge', 'anzahl', 'quantité', 'qté', 'cantidad', 'quantità', 'aantal', '数量', '數量'] },
  { key: 'unit', words: ['unit', 'uom', 'einheit', 'unité', 'unidad', 'unità', 'eenheid', '单位', '単位'] },
  { key: 'specification', words: ['specification', 'model', 'spec', '规格型号', '规格', '型号'] },
  { key: 'amount', words: ['amount', 'line total', 'total', 'net amount', 'betrag', 'gesamtpreis', 'nettobetrag', 'montant', 'importe', 'importo', 'bedrag', '金额', '金額'] },
  { key: 'description', words: ['description', 'item', 'product', 'article', 'service', 'name', 'goods', 'beschreibung', 'bezeichnung', 'artikel', 'leistung', 'désignation', 'descripción', 'concepto', 'descrizione', 'omschrijving', '品目', '摘要', '品名', '描述', '商品', '货物', '项目名称', '项目'] },
];

export function lineColumnOf(column: Pick<FieldSpec, 'labels'>): keyof InvoiceLine | undefined {
  const texts = [...column.labels.filter((l) => l.kind === 'name'), ...column.labels.filter((l) => l.kind === 'alias')].map((l) => l.text);
  for (const text of texts) {
    const entry = LINE_COLUMN_WORDS.find((e) => e.words.some((w) => hasWord(text, w)));
    if (entry) return entry.key;
  }
  return undefined;
}
