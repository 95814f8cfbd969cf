import type { FieldRole, NamedRole } from '../field-role.js';

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
  /** Words after which a prompt only qualifies what it named ("the total including tax" is a total). */
  qualifiers?: readonly string[];
  /** Words naming a kind of business in a shop's or company's name ("Hardware", "Bäckerei"): a head line holding one is likelier the issuer's name. */
  tradeWords?: readonly string[];
  /** A document's own title, which its number and date may follow ("Rechnung Nr. 4711 vom 05.06.2018"). */
  titles?: readonly string[];
  /** Words between a number and its date in such a title ("vom", "du", "dated"). */
  dateJoiners?: readonly string[];
  /** Words that open a payment term ("Zahlbar innerhalb 30 Tagen netto bis …"), and the words before its date. */
  paymentTerms?: { opening: readonly string[]; until: readonly string[] };
}
