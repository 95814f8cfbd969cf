import { describe, expect, it } from 'vitest';
import { tableSpecOf } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { extractTable } from '../../../../../src/engine/pipeline/tables/extract-tables.js';
import { grid, tableModel, textDocument } from '../document-fixture.js';
import { scanDocument } from '../scan-fixture.js';

// A clerk's table: column names only, in English; the pages print their own words for them.
const CLERK_COLUMNS = ['Description', 'Quantity', 'Unit price', 'Amount'].map((name) => ({ name }));
const read = (...pages: string[]) => extractTable(textDocument(...pages), tableSpecOf(tableModel('Line items', CLERK_COLUMNS, { collectFromMultiTable: true })), { applyMerge: true }).table;
const values = (table: ReturnType<typeof read>) => table.items.map((row) => row.map((cell) => cell.value));
const W = [6, 30, 10, 12, 12];

describe('table finding by column roles', () => {
  it('finds the columns of a clerk\'s English table under a German header, one line item per row', () => {
    const page = grid(W, [['Pos.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'Betrag'], ['1', 'Kupferrohr 15 mm', '12 m', '8,40', '100,80'], ['2', 'Pressfitting', '8 Stk.', '4,15', '33,20']]);
    expect(values(read(page))).toEqual([
      ['Kupferrohr 15 mm', '12 m', '8,40', '100,80'],
      ['Pressfitting', '8 Stk.', '4,15', '33,20'],
    ]);
  });

  it('reads a header printed over two lines, its names completed by the line under them', () => {
    const page = grid(W, [['Pos.', 'Artikel', 'Menge', 'Netto-', 'Netto-'], ['', '', '', 'preis', 'betrag'], ['1', 'Montage', '2', '68,00', '136,00']]);
    expect(values(read(page))).toEqual([['Montage', '2', '68,00', '136,00']]);
  });

  it('reads a second header line that a scan read as one piece over two columns ("Art-Nr-Kunde Artikelbezeichnung")', () => {
    const widths = [16, 22, 10, 12, 10];
    const page = [
      grid(widths, [['GTIN', 'Art-Nr-Lieferant', 'Menge', 'Nettopreis', 'Nettowert']]),
      'Art-Nr-Kunde  Artikelbezeichnung'.replace('  ', ' ').padStart(34),
      grid(widths, [['4123456000021', 'GZ250', '-2 Stk', '1,45', '-2,90'], ['', 'Gelierzucker Extra', '', '', '']]),
    ].join('\n');
    expect(values(read(page))).toEqual([['GZ250 Gelierzucker Extra', '-2 Stk', '1,45', '-2,90']]);
  });

  it('is not misled by a prose line naming two columns, nor by the header of another table (taxes) under the items', () => {
    const page = [
      'The description, quantity and amount of each item are listed below.',
      grid(W, [['#', 'Item', 'Qty', 'Price', 'Total'], ['1', 'Pen', '2', '1.50', '3.00']]),
      grid([12, 14, 14], [['Tax rate', 'Net amount', 'Tax amount'], ['20 %', '3.00', '0.60']]),
    ].join('\n');
    expect(values(read(page))).toEqual([['Pen', '2', '1.50', '3.00']]);
  });
});

describe('a scanned table', () => {
  it('gives the numbers of a row whole where the scan split them after their decimal comma ("9, 9000"), and leaves descriptions as read', () => {
    const page = grid([6, 20, 10, 14, 12], [['Pos', 'Beschreibung', 'Menge', 'Einzelpreis', 'Betrag'], ['1', 'Ordner A4, 5 cm', '20 Stk', '9, 9000', '198,00'], ['2', 'Tinte blau', '4 Stk', '12,50', '50, 00']]);
    const table = extractTable(scanDocument(page), tableSpecOf(tableModel('Line items', CLERK_COLUMNS)), { applyMerge: true }).table;
    expect(values(table)).toEqual([
      ['Ordner A4, 5 cm', '20 Stk', '9,9000', '198,00'],
      ['Tinte blau', '4 Stk', '12,50', '50,00'],
    ]);
  });
});

describe('a scanned table with each amount under its item', () => {
  it('keeps every item although the gap under an amount alone is over four of its own (shorter) heights', () => {
    const item = (n: string, name: string, price: string, amount: string) => [grid([6, 20, 10, 14], [[n, name, '2 Stk', price]]), ' '.repeat(50) + amount, '', ''];
    const page = [grid([6, 20, 10, 14, 12], [['Pos', 'Beschreibung', 'Menge', 'Einzelpreis', 'Betrag']]), ...item('1', 'Vollkasko', '23,10', '46,20'), ...item('2', 'Upgrade', '5,04', '10,08'), ...item('3', 'Navigation', '5,04', '10,08')].join('\n');
    const table = extractTable(scanDocument(page), tableSpecOf(tableModel('Line items', CLERK_COLUMNS)), { applyMerge: true }).table;
    expect(values(table).map((row) => [row[0], row[3]])).toEqual([
      ['Vollkasko', '46,20'],
      ['Upgrade', '10,08'],
      ['Navigation', '10,08'],
    ]);
  });
});

describe('a scanned table whose items are spaced by notes', () => {
  it('keeps an item further below the last than four text heights when it keeps the rhythm of the items above', () => {
    const head = grid([6, 20, 10, 14, 12], [['Pos', 'Beschreibung', 'Menge', 'Einzelpreis', 'Betrag']]);
    const item = (n: string, name: string, blanks: number, note?: string) => [grid([6, 20, 10, 14], [[n, name, '2', '5,04']]), ' '.repeat(50) + '10,08', ...(note ? [' '.repeat(8) + note] : []), ...Array<string>(blanks).fill('')];
    const page = [head, ...item('1', 'Miettage', 2, 'Weitere Eigenschaften: M-MM 0000'), ...item('2', 'Vollkasko', 3), ...item('3', 'Upgrade', 3), ...item('4', 'Navigation', 0), '', '', '', '', '', '', '', 'Bankverbindung 12 34'].join('\n');
    const table = extractTable(scanDocument(page), tableSpecOf(tableModel('Line items', CLERK_COLUMNS)), { applyMerge: true }).table;
    expect(values(table).map((row) => row[0])).toEqual(['Miettage', 'Vollkasko', 'Upgrade', 'Navigation']);
  });
});

describe('a scanned table with notes under an item', () => {
  it('keeps the next item with its quantity and unit price further below than four text heights', () => {
    const head = grid([6, 20, 10, 14, 12], [['Pos', 'Beschreibung', 'Menge', 'Einzelpreis', 'Betrag']]);
    const notes = ['Verpackung: Flasche', 'VKE/Geb: 1', 'Bruttopreis: 1,19'].map((note) => ' '.repeat(8) + note);
    const page = [head, grid([6, 20, 10, 14, 12], [['1', 'Zitronensäure', '-5', '1,00', '-5,00']]), ...notes, '', '', '', '', grid([6, 20, 10, 14, 12], [['2', 'Gelierzucker', '-2', '1,45', '-2,90']]), '', '', '', '', '', '', '', '', '', 'Bankverbindung 12 34'].join('\n');
    const table = extractTable(scanDocument(page), tableSpecOf(tableModel('Line items', CLERK_COLUMNS)), { applyMerge: true }).table;
    expect(values(table).map((row) => row[0])).toEqual(['Zitronensäure Verpackung: Flasche VKE/Geb: 1', 'Gelierzucker']);
  });
});

describe('rows', () => {
  it('joins a description wrapped over several lines to its row, and takes an amount printed under its row', () => {
    const page = grid(W, [['No.', 'Description', 'Qty', 'Unit price', 'Amount'], ['1', 'Website redesign', '1', '2,400.00', '2,400.00'], ['', 'landing pages and checkout', '', '', ''], ['2', 'Car rental days', '2', '86.55', ''], ['', '', '', '', '173.10']]);
    expect(values(read(page))).toEqual([
      ['Website redesign landing pages and checkout', '1', '2,400.00', '2,400.00'],
      ['Car rental days', '2', '86.55', '173.10'],
    ]);
  });

  it('leaves out section headings, notes on an item ("Rabatt: 10 %"), subtotals and what follows them', () => {
    const page = [
      grid(W, [['No.', 'Description', 'Qty', 'Unit price', 'Amount']]),
      '',
      grid(W, [['', 'Hardware']]),
      grid(W, [['1', 'Laptop stand', '2', '30.00', '60.00'], ['', 'Discount: 5 %', '', '', '']]),
      '',
      grid(W, [['', 'Services']]),
      grid(W, [['2', 'Setup', '1', '90.00', '90.00'], ['', 'Subtotal', '', '', '150.00'], ['3', 'Shipping note', '1', '5.00', '5.00']]),
    ].join('\n');
    expect(values(read(page))).toEqual([
      ['Laptop stand', '2', '30.00', '60.00'],
      ['Setup', '1', '90.00', '90.00'],
    ]);
  });

  it('joins labelled facts about the goods ("VKE/Geb: 1", "GTIN: ...") to the description, where a labelled price or rate is a note', () => {
    const page = grid(W, [['Pos', 'Beschreibung', 'Menge', 'Preis', 'Betrag'], ['1', 'Zitronensäure 100ml', '-5 Stk', '1,00', '-5,00'], ['', 'Verpackung: Flasche', '', '', ''], ['', 'VKE/Geb: 1', '', '', ''], ['', 'GTIN: 4123456000014', '', '', ''], ['', 'Bruttopreis: 1,19', '', '', '']]);
    expect(values(read(page))[0]![0]).toBe('Zitronensäure 100ml Verpackung: Flasche VKE/Geb: 1 GTIN: 4123456000014');
  });

  it('goes on over a page break, leaving out the carried-over sums and the page footer', () => {
    const header = ['Pos', 'Bezeichnung', 'Menge', 'Preis', 'Betrag'];
    const first = [grid(W, [header, ['1', 'Schrauben', '100', '0,10', '10,00'], ['', 'Übertrag', '', '', '10,00']]), 'Seite 1 von 2'].join('\n');
    const second = grid(W, [['', 'Übertrag', '', '', '10,00'], ['2', 'Dübel', '50', '0,20', '10,00'], ['', 'Summe', '', '', '20,00']]);
    expect(values(read(first, second)).map((r) => r[0])).toEqual(['Schrauben', 'Dübel']);
  });

  it('takes the words of the line that carries an item\'s amount into its description ("12 x 1,0l PET  109,80" under its row)', () => {
    const page = grid(W, [['Pos', 'Beschreibung', 'Menge', 'Preis', 'Betrag'], ['1', 'Mineralwasser Medium', '20 Stk', '5,49', ''], ['', '12 x 1,0l PET', '', '', '109,80'], ['2', 'Pfand', '20', '2,77', '55,40']]);
    expect(values(read(page))).toEqual([
      ['Mineralwasser Medium 12 x 1,0l PET', '20 Stk', '5,49', '109,80'],
      ['Pfand', '20', '2,77', '55,40'],
    ]);
  });

  it('takes the lines that open the next page into the description the page break cut, not a running header in other columns', () => {
    const header = ['Pos', 'Beschreibung', 'Menge', 'Preis', 'Betrag'];
    const first = grid(W, [header, ['1', 'Kfz-', '1 Stk', '67,22', '80,00']]);
    const second = grid(W, [['', 'Haftpflicht SF25', '', '', ''], ['', 'Regio R9', '', '', ''], ['2', 'Vollkasko', '1 Stk', '117,65', '140,00'], ['', 'Summe', '', '', '220,00']]);
    expect(values(read(first, second)).map((r) => r[0])).toEqual(['Kfz- Haftpflicht SF25 Regio R9', 'Vollkasko']);
    const withRunningHeader = grid(W, [['Seite 2', 'Rechnung R-1', '', '', ''], ['2', 'Vollkasko', '1 Stk', '117,65', '140,00']]);
    expect(values(read(first, withRunningHeader)).map((r) => r[0])).toEqual(['Kfz-', 'Vollkasko']);
  });

  it('lowers below 0.5 the cells of a row whose quantity × unit price is not its amount', () => {
    const page = grid(W, [['No.', 'Description', 'Qty', 'Unit price', 'Amount'], ['1', 'Paper', '2', '5.00', '10.00'], ['2', 'Toner', '3', '40.00', '100.00']]);
    const confidences = read(page).items.map((row) => Math.max(...row.map((c) => c.confidence ?? 0)));
    expect(confidences[0]!).toBeGreaterThanOrEqual(0.8);
    expect(confidences[1]!).toBeLessThan(0.5);
  });
});

describe('a VAT 货物明细 grid', () => {
  it('reads its item rows under the Chinese header and stops at the 合计 row', () => {
    const page = grid([14, 10, 6, 6, 10, 10, 6, 8], [
      ['货物或应税劳务、服务名称', '规格型号', '单位', '数量', '单价', '金额', '税率', '税额'],
      ['*纸制品*复印纸', 'A4', '包', '3', '20.00', '60.00', '3%', '1.80'],
      ['*文具*中性笔', '0.5mm', '盒', '3', '14.95', '44.85', '3%', '1.35'],
      ['合计', '', '', '', '', '¥104.85', '', '¥3.15'],
    ]);
    expect(values(read(page))).toEqual([
      ['*纸制品*复印纸', '3', '20.00', '60.00'],
      ['*文具*中性笔', '3', '14.95', '44.85'],
    ]);
  });

  it("reads a scanned 数电票's items under a header whose 项目名称 lost a character and with a speck among its names, each misread figure put back by its row's checks and the printed total, the stars of each *类别* put back", () => {
    const columns = ['Item', 'Quantity', 'Unit price', 'Amount', 'Tax rate', 'Tax amount'].map((name) => ({ name }));
    const page = grid([22, 6, 10, 10, 10, 8], [
      ['项目名', '数量', '单价    .', '金额', '税率/征收率', '税额'],
      ['*信息技术服务*技术服务费', '2.0', '2340.87', '46817.40', '6%', '2809.04'],
      ['*现代服务咨询服务费', '18.5', '391.63', '7245.1', '13%', '941.87'],
      ['餐饮服务“餐费', '11', '1026.16', '11287.76', '690', '677.27'],
      ['合  计', '', '', '¥65350.32', '', '¥4428.18'],
    ]);
    const table = extractTable(textDocument(page), tableSpecOf(tableModel('货物明细', columns)), { applyMerge: true }).table;
    expect(values(table)).toEqual([
      ['*信息技术服务*技术服务费', '20', '2340.87', '46817.40', '6%', '2809.04'],
      ['*现代服务*咨询服务费', '18.5', '391.63', '7245.16', '13%', '941.87'],
      ['*餐饮服务*餐费', '11', '1026.16', '11287.76', '6%', '677.27'],
    ]);
    // A figure put back is less sure than one read clean.
    expect(table.items[0]![1]!.confidence).toBeLessThan(table.items[0]![2]!.confidence!);
  });
});

describe('a table found with no header', () => {
  it("reads a receipt's item lines, rows of a text that end in an amount, up to the total, the cash given and the change", () => {
    const page = ['BAECKEREI SONNENSCHEIN', '21.06.2024 07:42', grid([20, 4, 8], [['Croissant', '2', '2,40'], ['Laugenbrezel', '3', '2,85'], ['Cappuccino', '1', '3,60'], ['SUMME EUR', '', '8,85'], ['Gegeben BAR', '', '10,00'], ['Rueckgeld', '', '1,15']])].join('\n');
    expect(values(read(page))).toEqual([
      ['Croissant', '2', '', '2,40'],
      ['Laugenbrezel', '3', '', '2,85'],
      ['Cappuccino', '1', '', '3,60'],
    ]);
  });

  it('finds no table in a letter without item lines', () => {
    expect(read('Dear customer,\nthank you for your order of 12 March.\nKind regards').items).toEqual([]);
  });
});

describe('a totals block is no table', () => {
  it('reads no line item from the net, tax and total rows under a letter', () => {
    const page = ['Thank you for your order.', grid([20, 10], [['Net', '100.00'], ['Shipping fee', '5.00'], ['VAT 20%', '21.00'], ['Total', '126.00']])].join('\n');
    expect(read(page).items).toEqual([]);
  });
});
