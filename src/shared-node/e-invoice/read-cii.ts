import { ProcessingFailure } from '../processing-failure.js';
import { InvoiceData, type InvoiceLine, type InvoiceParty, type InvoiceTaxRate } from './invoice-data.js';
import { childrenOf, pathOf, textAt, type XmlElement } from '../xml/xml-element.js';
import { decimalOf, isCreditNoteCode, isoDateOf, oneLine, perUnit } from './xml-values.js';

/**
 * UN/CEFACT Cross Industry Invoice: ZUGFeRD 2.x, Factur-X and XRechnung CII (D16B, root
 * CrossIndustryInvoice), and ZUGFeRD 1.0 (root CrossIndustryDocument), whose aggregates carry the
 * older names: each step below names the D16B element first and the 1.0 one after the bar.
 */
export const CII_ROOTS = ['CrossIndustryInvoice', 'CrossIndustryDocument'];

const DOCUMENT = 'ExchangedDocument|HeaderExchangedDocument';
const TRANSACTION = 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction';
const AGREEMENT = 'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement';
const SETTLEMENT = 'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement';
const SUMMATION = 'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation';
const LINE_AGREEMENT = 'SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement';
const LINE_DELIVERY = 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery';
const LINE_SETTLEMENT = 'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement';
const LINE_SUMMATION = 'SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation';
const RATE = 'RateApplicablePercent|ApplicablePercent';

export function readCii(root: XmlElement): InvoiceData {
  const document = pathOf(root, DOCUMENT);
  const transaction = pathOf(root, TRANSACTION);
  const agreement = pathOf(transaction, AGREEMENT);
  const settlement = pathOf(transaction, SETTLEMENT);
  const summation = pathOf(settlement, SUMMATION);
  if (!document || !settlement || !summation) throw new ProcessingFailure('The CII invoice XML lacks its document header or its settlement totals: it is not a complete invoice.');
  const currency = textAt(settlement, 'InvoiceCurrencyCode') ?? '';
  const typeCode = textAt(document, 'TypeCode');
  const terms = childrenOf(settlement, 'SpecifiedTradePaymentTerms');
  const amount = (name: string) => decimalOf(inCurrency(childrenOf(summation, name), currency), name);
  const grandTotal = amount('GrandTotalAmount');
  return InvoiceData.parse({
    syntax: 'CII',
    guideline: textAt(root, 'ExchangedDocumentContext|SpecifiedExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    number: textAt(document, 'ID') ?? '',
    creditNote: isCreditNoteCode(typeCode),
    typeCode,
    issueDate: isoDateOf(textAt(document, 'IssueDateTime', 'DateTimeString'), 'the issue date'),
    dueDate: isoDateOf(terms.map((t) => textAt(t, 'DueDateDateTime', 'DateTimeString')).find(Boolean), 'the due date'),
    currency,
    seller: party(pathOf(agreement, 'SellerTradeParty')),
    buyer: party(pathOf(agreement, 'BuyerTradeParty')),
    netTotal: amount('TaxBasisTotalAmount') ?? amount('LineTotalAmount'),
    taxes: childrenOf(settlement, 'ApplicableTradeTax').map(taxRate),
    taxTotal: amount('TaxTotalAmount') ?? '0',
    total: grandTotal,
    amountDue: amount('DuePayableAmount') ?? grandTotal,
    paymentTerms: oneLine(terms.map((t) => textAt(t, 'Description')).filter(Boolean).join(' ')),
    iban: childrenOf(settlement, 'SpecifiedTradeSettlementPaymentMeans').map((m) => textAt(m, 'PayeePartyCreditorFinancialAccount', 'IBANID')).find(Boolean)?.replace(/\s+/g, ''),
    lines: childrenOf(transaction, 'IncludedSupplyChainTradeLineItem').flatMap(line),
  });
}

/** Of amounts given in several currencies (the tax total in the tax currency too), the one in the invoice currency. */
function inCurrency(elements: XmlElement[], currency: string): string | undefined {
  const chosen = elements.find((e) => !e.attrs.currencyID || e.attrs.currencyID === currency) ?? elements[0];
  return chosen?.text.trim() || undefined;
}

function party(element: XmlElement | undefined): InvoiceParty {
  const address = pathOf(element, 'PostalTradeAddress');
  const registrations = childrenOf(element, 'SpecifiedTaxRegistration').map((r) => ({ scheme: pathOf(r, 'ID')?.attrs.schemeID, id: textAt(r, 'ID') }));
  return {
    name: oneLine(textAt(element, 'Name')) ?? '',
    street: oneLine(textAt(address, 'LineOne')),
    streetMore: oneLine([textAt(address, 'LineTwo'), textAt(address, 'LineThree')].filter(Boolean).join(', ')),
    postcode: textAt(address, 'PostcodeCode'),
    city: oneLine(textAt(address, 'CityName')),
    country: textAt(address, 'CountryID'),
    vatId: registrations.find((r) => r.scheme === 'VA')?.id,
    taxNumber: registrations.find((r) => r.scheme === 'FC')?.id,
    phone: textAt(element, 'DefinedTradeContact', 'TelephoneUniversalCommunication', 'CompleteNumber'),
  };
}

function taxRate(tax: XmlElement): InvoiceTaxRate {
  return {
    rate: decimalOf(textAt(tax, RATE), 'a tax rate'),
    category: textAt(tax, 'CategoryCode'),
    basis: decimalOf(textAt(tax, 'BasisAmount'), 'a taxable amount'),
    tax: decimalOf(textAt(tax, 'CalculatedAmount'), 'a tax amount') ?? '0',
  };
}

/** A line item; a line of notes alone (no product, no amount) is no line. */
function line(item: XmlElement): InvoiceLine[] {
  const settlement = pathOf(item, LINE_SETTLEMENT);
  const amount = decimalOf(textAt(settlement, LINE_SUMMATION, 'LineTotalAmount'), 'a line amount');
  const name = oneLine(textAt(item, 'SpecifiedTradeProduct', 'Name'));
  if (amount === undefined && name === undefined) return [];
  const price = pathOf(item, LINE_AGREEMENT, 'NetPriceProductTradePrice');
  const quantity = pathOf(item, LINE_DELIVERY, 'BilledQuantity');
  return [
    {
      description: name ?? oneLine(textAt(item, 'SpecifiedTradeProduct', 'Description')) ?? '',
      quantity: decimalOf(quantity?.text.trim() || undefined, 'a line quantity'),
      unit: quantity?.attrs.unitCode,
      unitPrice: perUnit(textAt(price, 'ChargeAmount'), textAt(price, 'BasisQuantity')),
      amount,
      taxRate: decimalOf(textAt(settlement, 'ApplicableTradeTax', RATE), 'a line tax rate'),
    },
  ];
}
