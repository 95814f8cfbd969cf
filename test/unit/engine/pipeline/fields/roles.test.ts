import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { LabelIndex } from '../../../../../src/engine/pipeline/fields/phrase-role.js';
import { LANGUAGES, ROLE_NAME_WORDS, type NamedRole } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';
import { roleOf } from '../../../../../src/engine/pipeline/fields/roles.js';

const role = (name: string, more: { alias?: string[]; prompt?: string } = {}) => roleOf(fieldSpecOf({ name, definition: more }));

describe('a field named in the clerk’s own language', () => {
  it.each([
    ['Händler', 'issuer_name'],
    ['Lieferant', 'issuer_name'],
    ['Gesamtbetrag', 'total'],
    ['Zu zahlen', 'amount_due'],
    ['Nettobetrag', 'subtotal'],
    ['MwSt', 'tax'],
    ['Kunde Straße', 'buyer_street'],
    ['Fournisseur', 'issuer_name'],
    ['Montant HT', 'subtotal'],
    ['TVA', 'tax'],
    ['Net à payer', 'amount_due'],
    ['Proveedor', 'issuer_name'],
    ['IVA', 'tax'],
    ['Base imponible', 'subtotal'],
    ['Fornitore', 'issuer_name'],
    ['Partita IVA', 'issuer_tax_id'],
    ['Leverancier', 'issuer_name'],
    ['Totaal', 'total'],
    ['供应商', 'issuer_name'],
    ['金额', 'subtotal'],
    ['税额', 'tax'],
    ['請求書番号', 'document_number'],
    ['消費税', 'tax'],
  ] as const)('%s is understood as %s', (name, expected) => {
    expect(role(name)).toBe(expected);
  });

  it('tells a party’s street, postcode, city and country apart, and whose they are', () => {
    expect(['Seller street', 'Seller postcode', 'Seller city', 'Seller country', 'Seller VAT ID'].map((n) => role(n))).toEqual(['issuer_street', 'issuer_postcode', 'issuer_city', 'issuer_country', 'issuer_tax_id']);
    expect(['Buyer street', 'PLZ des Kunden', 'Ville du client', 'País del cliente'].map((n) => role(n))).toEqual(['buyer_street', 'buyer_postcode', 'buyer_city', 'buyer_country']);
  });

  it('reads "Amount due" as the amount to pay, not as a due date', () => {
    expect(role('Amount due')).toBe('amount_due');
    expect(role('Due date')).toBe('due_date');
  });

  it('understands a prompt in another language when the name says nothing', () => {
    expect(role('Feld 1', { prompt: 'das Geschäft, das den Beleg ausgestellt hat' })).toBe('issuer_name');
    expect(role('Feld 2', { prompt: 'Gesamtbetrag inklusive MwSt' })).toBe('total');
    expect(role('Champ 3', { prompt: 'le fournisseur' })).toBe('issuer_name');
  });

  it("reads a ticket's passenger, travel date, ID number, train or flight and e-ticket number as their own, not as a party's name, the issue date or the document number", () => {
    expect([role('Passenger name'), role('旅客姓名'), role('Travel date'), role('乘车日期'), role('ID number'), role('有效身份证件号码')]).toEqual(['passenger_name', 'passenger_name', 'travel_date', 'travel_date', 'passenger_id', 'passenger_id']);
    expect([role('Train or flight number'), role('航班号'), role('E-ticket number'), role('电子客票号码'), role('Fare'), role('民航发展基金')]).toEqual(['trip_number', 'trip_number', 'ticket_number', 'ticket_number', 'fare', 'development_fund']);
    expect([role('开票人'), role('备注'), role('发票种类'), role('Buyer tax ID'), role('Invoice number')]).toEqual(['drawer', 'remark', 'invoice_kind', 'buyer_tax_id', 'document_number']);
  });

  it('leaves a field whose words name no role not understood', () => {
    expect(role('Bemerkung')).toBeUndefined();
    expect(role('Project code 7', { prompt: 'whatever the clerk wants' })).toBeUndefined();
  });
});

describe('the multilingual role lists', () => {
  const CORE: readonly NamedRole[] = ['party_name', 'party_address', 'party_tax_id', 'document_number', 'date', 'subtotal', 'tax', 'total'];

  it.each(['en', 'de', 'fr', 'es', 'it', 'nl', 'zh', 'ja'])('%s names every core role, and the seller and the buyer', (language) => {
    const words = LANGUAGES[language]!;
    expect(CORE.filter((r) => (words.named[r] ?? []).length === 0)).toEqual([]);
    expect(words.seller.length).toBeGreaterThan(0);
    expect(words.buyer.length).toBeGreaterThan(0);
  });

  it('gives no word of a field name to two roles', () => {
    const owners = new Map<string, Set<string>>();
    for (const { role: r, words } of ROLE_NAME_WORDS) for (const w of words) owners.set(w, new Set([...(owners.get(w) ?? []), r]));
    expect([...owners].filter(([, rs]) => rs.size > 1).map(([w]) => w)).toEqual([]);
  });
});

describe('printed labels in other languages', () => {
  const labels = new LabelIndex();

  it.each([
    ['Gesamtbetrag', 'total'],
    ['Nettobetrag', 'subtotal'],
    ['Montant HT', 'subtotal'],
    ['Base imponible', 'subtotal'],
    ['Totale documento', 'total'],
    ['Totaal incl. BTW', 'total'],
    ['USt-IdNr.', 'issuer_tax_id'],
  ] as const)('"%s" before an amount or id is the %s', (phrase, expected) => {
    expect(labels.owner(phrase)?.role).toBe(expected);
  });

  it.each(['Gegeben', 'Rückgeld', 'Bar', 'capital de', 'Espèces', 'Cambio', 'Contanti'])('"%s" before an amount is no amount of the document', (phrase) => {
    expect(labels.owner(phrase, 'amount')?.role).toBe('other');
  });
});
