import { InvoiceData, type InvoiceLine, type InvoiceParty } from './invoice-data.js';
import { childrenOf, pathOf, textAt, type XmlElement } from '../xml/xml-element.js';
import { digitalInvoiceDateOf, ratePercentOf, required, taxAmountOf } from './digital-invoice-values.js';
import { decimalOf, oneLine } from './xml-values.js';

/**
 * China's fully digital e-invoice (全面数字化的电子发票, 数电票) as the tax bureau's XML: root
 * `EInvoice` without a namespace; `Header` (EIid, InherentLabel: InIssuType Y blue / N red,
 * GeneralOrSpecialVAT 01 专用 / 02 普通), `EInvoiceData` (SellerInformation, BuyerInformation,
 * BasicInformation with the totals, Drawer and RequestTime, IssuItemInformation once per item,
 * AdditionalInformation with the Remark) and `TaxSupervisionInfo` (InvoiceNumber, IssueTime).
 * docs/engine.md "E-invoices" names the sources of this structure.
 */
export const DIGITAL_INVOICE_ROOT = 'EInvoice';

const TOTAL_WITH_TAX = 'TotalTax-includedAmount|TotalTaxIncludedAmount';

export function readDigitalInvoice(root: XmlElement): InvoiceData {
  const data = pathOf(root, 'EInvoiceData');
  const basic = pathOf(data, 'BasicInformation');
  const supervision = pathOf(root, 'TaxSupervisionInfo');
  const labels = pathOf(root, 'Header', 'InherentLabel');
  const total = required(decimalOf(textAt(basic, TOTAL_WITH_TAX), 'the total with tax (价税合计)'), 'total with tax (价税合计, TotalTax-includedAmount)');
  const netTotal = required(decimalOf(textAt(basic, 'TotalAmWithoutTax'), 'the total without tax (合计金额)'), 'total without tax (合计金额, TotalAmWithoutTax)');
  const taxTotal = taxAmountOf(textAt(basic, 'TotalTaxAm'), 'the tax total (合计税额)') ?? '0';
  const lines = childrenOf(data, 'IssuItemInformation').flatMap(line);
  return InvoiceData.parse({
    syntax: 'EInvoice',
    number: required(textAt(supervision, 'InvoiceNumber') ?? textAt(root, 'Header', 'EIid'), 'invoice number (发票号码, InvoiceNumber)'),
    // A red-letter invoice (红字发票) cancels a blue one: its labels say N, its amounts are negative.
    creditNote: textAt(labels, 'InIssuType', 'LabelCode') === 'N' || total.startsWith('-'),
    kind: kindOf(pathOf(labels, 'GeneralOrSpecialVAT')),
    issueDate: required(digitalInvoiceDateOf(textAt(basic, 'RequestTime') ?? textAt(supervision, 'IssueTime'), 'the invoice date (开票日期)'), 'invoice date (开票日期, RequestTime or IssueTime)'),
    currency: 'CNY',
    seller: party(pathOf(data, 'SellerInformation'), 'Seller'),
    buyer: party(pathOf(data, 'BuyerInformation'), 'Buyer'),
    netTotal,
    taxes: [{ basis: netTotal, tax: taxTotal, rate: singleRate(lines) }],
    taxTotal,
    total,
    amountDue: total,
    lines,
    remark: oneLine(textAt(data, 'AdditionalInformation', 'Remark')),
    drawer: oneLine(textAt(basic, 'Drawer')),
  });
}

/** 01 专用发票, 02 普通发票 by the label's code; its name where the code is another. */
function kindOf(label: XmlElement | undefined): InvoiceData['kind'] {
  const code = textAt(label, 'LabelCode');
  const name = textAt(label, 'LabelName') ?? '';
  if (code === '01' || name.includes('专用')) return 'special';
  if (code === '02' || name.includes('普通')) return 'ordinary';
  return undefined;
}

/** A party's block: its elements carry the party's name as prefix (SellerName, BuyerIdNum). */
function party(element: XmlElement | undefined, prefix: 'Seller' | 'Buyer'): InvoiceParty {
  const value = (name: string) => oneLine(textAt(element, prefix + name));
  const bank = [value('BankName'), value('BankAccNum')].filter(Boolean).join(' ');
  return {
    name: value('Name') ?? '',
    vatId: value('IdNum')?.replace(/\s+/g, ''),
    street: value('Addr'),
    phone: value('TelNum'),
    bankAccount: bank || undefined,
  };
}

/** An item as issued, its *category* prefix kept in the name; an element without name or amount (a bare rate) is no item. */
function line(item: XmlElement): InvoiceLine[] {
  const description = oneLine(textAt(item, 'ItemName'));
  const amount = decimalOf(textAt(item, 'Amount'), 'an item amount (金额)');
  if (description === undefined && amount === undefined) return [];
  return [
    {
      description: description ?? '',
      specification: oneLine(textAt(item, 'SpecMod')),
      unit: oneLine(textAt(item, 'MeaUnits')),
      quantity: decimalOf(textAt(item, 'Quantity'), 'an item quantity (数量)'),
      unitPrice: decimalOf(textAt(item, 'UnPrice'), 'an item unit price (单价)'),
      amount,
      taxRate: ratePercentOf(textAt(item, 'TaxRate')),
      taxAmount: taxAmountOf(textAt(item, 'ComTaxAm'), 'an item tax (税额)'),
    },
  ];
}

function singleRate(lines: readonly InvoiceLine[]): string | undefined {
  const rates = new Set(lines.map((l) => l.taxRate));
  return rates.size === 1 ? [...rates][0] : undefined;
}
