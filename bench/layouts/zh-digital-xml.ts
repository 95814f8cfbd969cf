import { upperCaseAmount } from '../corpus/values.js';
import type { DigitalInvoice, DigitalItem, DigitalParty } from './zh-digital-data.js';

// The tax bureau's XML of a 数电票, in the structure src/shared-node/e-invoice/read-digital-invoice.ts
// reads (and test/fixtures/e-invoice/*.einvoice.xml show): rates as fractions, times with seconds.

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const element = (name: string, value: string | number) => `<${name}>${escape(String(value))}</${name}>`;

function party(prefix: 'Seller' | 'Buyer', p: DigitalParty): string {
  return `<${prefix}Information>${p.taxId ? element(`${prefix}IdNum`, p.taxId) : ''}${element(`${prefix}Name`, p.name)}</${prefix}Information>`;
}

function item(i: DigitalItem): string {
  const fields: [string, string | number][] = [['ItemName', i.name], ['SpecMod', i.spec], ['MeaUnits', i.unit], ['Quantity', i.quantity], ['UnPrice', i.unitPrice.toFixed(2)], ['Amount', i.amount.toFixed(2)], ['TaxRate', i.rate / 100], ['ComTaxAm', i.tax.toFixed(2)]];
  return `<IssuItemInformation>${fields.filter(([, v]) => v !== '').map(([n, v]) => element(n, v)).join('')}</IssuItemInformation>`;
}

export function digitalInvoiceXml(data: DigitalInvoice): string {
  const special = data.kind === 'special';
  const time = `${data.date} 10:32:08`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<EInvoice><Header>',
    element('EIid', data.number),
    '<InherentLabel><InIssuType><LabelCode>Y</LabelCode><LabelName>是否蓝字发票标志</LabelName></InIssuType>',
    `<GeneralOrSpecialVAT><LabelCode>${special ? '01' : '02'}</LabelCode><LabelName>${special ? '增值税专用发票' : '普通发票'}</LabelName></GeneralOrSpecialVAT></InherentLabel>`,
    '</Header><EInvoiceData>',
    party('Seller', data.seller),
    party('Buyer', data.buyer),
    '<BasicInformation>',
    element('TotalAmWithoutTax', data.net.toFixed(2)),
    element('TotalTaxAm', data.tax.toFixed(2)),
    element('TotalTax-includedAmount', data.total.toFixed(2)),
    element('TotalTax-includedAmountInChinese', upperCaseAmount(Math.round(data.total * 100))),
    element('Drawer', data.drawer),
    element('RequestTime', time),
    '</BasicInformation>',
    ...data.items.map(item),
    `<AdditionalInformation>${data.remark ? element('Remark', data.remark) : ''}</AdditionalInformation>`,
    '</EInvoiceData><TaxSupervisionInfo>',
    element('InvoiceNumber', data.number),
    element('IssueTime', time),
    '</TaxSupervisionInfo></EInvoice>',
  ].join('\n');
}
