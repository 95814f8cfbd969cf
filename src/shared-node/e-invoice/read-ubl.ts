import { ProcessingFailure } from '../processing-failure.js';
import { InvoiceData, type InvoiceLine, type InvoiceParty, type InvoiceTaxRate } from './invoice-data.js';
import { childrenOf, pathOf, textAt, type XmlElement } from '../xml/xml-element.js';
import { decimalOf, isoDateOf, oneLine, perUnit } from './xml-values.js';

/** OASIS UBL 2.1 Invoice and CreditNote (EN 16931 UBL syntax, Peppol BIS Billing 3.0, XRechnung UBL). */
export const UBL_ROOTS = ['Invoice', 'CreditNote'];

export function readUbl(root: XmlElement): InvoiceData {
  const creditNote = root.name === 'CreditNote';
  const currency = textAt(root, 'DocumentCurrencyCode') ?? '';
  const totals = pathOf(root, 'LegalMonetaryTotal');
  if (!totals) throw new ProcessingFailure('The UBL invoice XML has no LegalMonetaryTotal (the invoice totals): it is not a complete invoice.');
  const taxTotal = childrenOf(root, 'TaxTotal').find((t) => pathOf(t, 'TaxAmount')?.attrs.currencyID === currency) ?? pathOf(root, 'TaxTotal');
  const means = childrenOf(root, 'PaymentMeans');
  const amount = (name: string) => decimalOf(textAt(totals, name), name);
  const total = amount('TaxInclusiveAmount');
  return InvoiceData.parse({
    syntax: 'UBL',
    guideline: textAt(root, 'CustomizationID'),
    number: textAt(root, 'ID') ?? '',
    creditNote,
    typeCode: textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    issueDate: isoDateOf(textAt(root, 'IssueDate'), 'the issue date'),
    // An Invoice gives its due date at the top; a UBL 2.1 CreditNote only with its payment means.
    dueDate: isoDateOf(textAt(root, 'DueDate') ?? means.map((m) => textAt(m, 'PaymentDueDate')).find(Boolean), 'the due date'),
    currency,
    seller: party(pathOf(root, 'AccountingSupplierParty', 'Party')),
    buyer: party(pathOf(root, 'AccountingCustomerParty', 'Party')),
    netTotal: amount('TaxExclusiveAmount') ?? amount('LineExtensionAmount'),
    taxes: childrenOf(taxTotal, 'TaxSubtotal').map(taxRate),
    taxTotal: decimalOf(textAt(taxTotal, 'TaxAmount'), 'the tax total') ?? '0',
    total,
    amountDue: amount('PayableAmount') ?? total,
    paymentTerms: oneLine(childrenOf(root, 'PaymentTerms').map((t) => textAt(t, 'Note')).filter(Boolean).join(' ')),
    iban: means.map((m) => textAt(m, 'PayeeFinancialAccount', 'ID')).find(Boolean)?.replace(/\s+/g, ''),
    lines: childrenOf(root, 'InvoiceLine', 'CreditNoteLine').map(line),
  });
}

function party(element: XmlElement | undefined): InvoiceParty {
  const address = pathOf(element, 'PostalAddress');
  const schemes = childrenOf(element, 'PartyTaxScheme').map((s) => ({ scheme: textAt(s, 'TaxScheme', 'ID'), id: textAt(s, 'CompanyID') }));
  return {
    // BT-27 is the legal name; the trading name (PartyName) stands in when the legal entity is not given.
    name: oneLine(textAt(element, 'PartyLegalEntity', 'RegistrationName') ?? textAt(element, 'PartyName', 'Name')) ?? '',
    street: oneLine(textAt(address, 'StreetName')),
    streetMore: oneLine([textAt(address, 'AdditionalStreetName'), textAt(address, 'AddressLine', 'Line')].filter(Boolean).join(', ')),
    postcode: textAt(address, 'PostalZone'),
    city: oneLine(textAt(address, 'CityName')),
    country: textAt(address, 'Country', 'IdentificationCode'),
    vatId: schemes.find((s) => s.scheme === 'VAT')?.id,
    taxNumber: schemes.find((s) => s.scheme !== 'VAT')?.id,
    phone: textAt(element, 'Contact', 'Telephone'),
  };
}

function taxRate(subtotal: XmlElement): InvoiceTaxRate {
  return {
    rate: decimalOf(textAt(subtotal, 'TaxCategory', 'Percent'), 'a tax rate'),
    category: textAt(subtotal, 'TaxCategory', 'ID'),
    basis: decimalOf(textAt(subtotal, 'TaxableAmount'), 'a taxable amount'),
    tax: decimalOf(textAt(subtotal, 'TaxAmount'), 'a tax amount') ?? '0',
  };
}

function line(item: XmlElement): InvoiceLine {
  const quantity = pathOf(item, 'InvoicedQuantity|CreditedQuantity');
  const price = pathOf(item, 'Price');
  return {
    description: oneLine(textAt(item, 'Item', 'Name') ?? textAt(item, 'Item', 'Description')) ?? '',
    quantity: decimalOf(quantity?.text.trim() || undefined, 'a line quantity'),
    unit: quantity?.attrs.unitCode,
    unitPrice: perUnit(textAt(price, 'PriceAmount'), textAt(price, 'BaseQuantity')),
    amount: decimalOf(textAt(item, 'LineExtensionAmount'), 'a line amount'),
    taxRate: decimalOf(textAt(item, 'Item', 'ClassifiedTaxCategory', 'Percent'), 'a line tax rate'),
  };
}
