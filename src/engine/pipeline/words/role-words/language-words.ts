import type { ColumnRole } from '../column-role.js';
import type { FieldRole, NamedRole } from '../field-role.js';

/** Whose block a heading opens: a delivery address's block is nobody's party. */
export type BlockParty = 'seller' | 'buyer' | 'delivery';

/** What a row of a party's block is labelled as. */
export type PartyRowLabel = 'name' | 'address' | 'tax_id' | 'phone';

/**
 * The words of one language for each role: how a clerk names a field of that role (its name, an alias,
 * a prompt), and the labels a document in that language prints before or above such a value.
 */
export interface LanguageWords {
  /** Words of a field's name, alias or prompt that name the role (lower case; whole words, CJK as substrings). */
  named: Partial<Record<NamedRole, readonly string[]>>;
  /** Labels printed beside a value of the role. */
  printed: Partial<Record<FieldRole, readonly string[]>>;
  /** Words of a field's name, alias or prompt saying that a name, address or tax id is the seller's. */
  seller: readonly string[];
  /** The same for the buyer's. */
  buyer: readonly string[];
  /** Printed labels of values no field role takes (cash given, change, quantity): they own their place. */
  blocking?: readonly string[];
  /** The line of a cash total rounded to 5 or 10 cents ("Rounding Adj", "Rundung", 抹零): its amount is no field's, and the total after it is the one paid. */
  rounding?: readonly string[];
  /** Words of a zone that holds no amount of the invoice: share capital, bank details, cash given, change ("Stammkapital", "IBAN", "Rückgeld", 找零). */
  notInvoiceAmounts?: readonly string[];
  /** Words after which a prompt only qualifies what it named ("the total including tax" is a total). */
  qualifiers?: readonly string[];
  /** Words naming a kind of business in a shop's or company's name ("Hardware", "Bäckerei"): a head line holding one is likelier the issuer's name. */
  tradeWords?: readonly string[];
  /** A document's own title, which its number and date may follow ("Rechnung Nr. 4711 vom 05.06.2018"). */
  titles?: readonly string[];
  /**
   * Titles a document starts under whose number is no invoice's or receipt's: other documents ("Lieferschein",
   * "Statement"), and a bare "Bill", which ends other documents' names ("Waybill").
   */
  otherTitles?: readonly string[];
  /** Words that mark a number after a title ("Nr.", "No.", "n°"). */
  numberMarkers?: readonly string[];
  /** Words between a number and its date in such a title ("vom", "du", "dated"). */
  dateJoiners?: readonly string[];
  /** Words that open a payment term ("Zahlbar innerhalb 30 Tagen netto bis …"), and the words before its date. */
  paymentTerms?: { opening: readonly string[]; until: readonly string[]; days?: readonly string[] };
  /** Headings over a party's block ("Bill to", "Verkäufer", "购买方"); a delivery address's block is nobody's party. */
  partyHeadings?: Partial<Record<BlockParty, readonly string[]>>;
  /** Labels of the rows inside a party's block ("Name:", "Anschrift:", "USt-IdNr.:", "纳税人识别号"). */
  partyRowLabels?: Partial<Record<PartyRowLabel, readonly string[]>>;
  /** Words addressing a person, printed before the name or on the line over it ("Herrn", "Mr", "Mme"). */
  salutations?: readonly string[];
  /** Words opening a line that names whom a letter is for inside a party's block ("z. Hd.", "Attn", "c/o"): no party's name. */
  attention?: readonly string[];
  /**
   * Column heads of a table of line items, per what the column holds ("Menge", "Qté", "数量" are quantities).
   * A bare "Tax", "MwSt" or "TVA" over a column is its rate: the tax of a line is printed as "Tax amount", "Steuerbetrag", "Montant TVA".
   */
  columnHeads?: Partial<Record<ColumnRole, readonly string[]>>;
}
