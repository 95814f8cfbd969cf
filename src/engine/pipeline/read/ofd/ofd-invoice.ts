import type { Position } from '../../../../shared/api/index.js';
import { InvoiceData, type DocumentInvoice, type InvoiceLine, type InvoiceParty } from '../../../../shared-node/e-invoice/invoice-data.js';
import type { OfdDocument } from './ofd-document.js';
import type { OfdTextObject } from './ofd-text.js';
import { childrenOf, type XmlElement } from '../../../../shared-node/xml/xml-element.js';

/** Text objects of the pages read, by page ID and object ID, with the 0-based page of this parse. */
export type PageObjectTexts = Map<string, { page: number; objects: Map<string, OfdTextObject> }>;

/** A value of the invoice and where it is printed, when a tag points at it. */
type Located = { text: string; places: Position[] };
/** An element's value: the XML's own text, or the text of the objects a tag points at. */
type Reading = (element: XmlElement) => Located | undefined;

// Element names of the 电子发票 invoice XML and tags (fp: schema, 2019) and of the 数电票 XML (2021-), alike.
const NAMES = {
  number: ['InvoiceNo', 'InvoiceNumber', 'EIid'],
  invoiceCode: ['InvoiceCode'],
  issueDate: ['IssueDate', 'IssuTime', 'RequestTime'],
  checkCode: ['InvoiceCheckCode'],
  machineNumber: ['MachineNo'],
  typeCode: ['TypeCode', 'InvoiceType'],
  netTotal: ['TaxExclusiveTotalAmount', 'TotalAmWithoutTax'],
  taxTotal: ['TaxTotalAmount', 'TotalTaxAm'],
  total: ['TaxInclusiveTotalAmount', 'TotalTax-includedAmount', 'TotalTaxIncludedAmount'],
  lines: ['GoodsInfo', 'IssuItemInformation'],
  drawer: ['InvoiceClerk', 'Drawer'],
  remark: ['Note', 'Remark'],
} as const;
const PARTY = {
  name: ['Name'],
  vatId: ['TaxID', 'IdNum'],
  street: ['AddrTel', 'Addr'],
  phone: ['TelNum'],
  bankAccount: ['FinancialAccount', 'BankAccNum'],
} as const;
const LINE = {
  description: ['Item', 'ItemName'],
  specification: ['Specification', 'SpecMod'],
  unit: ['MeasurementDimension'],
  quantity: ['Quantity'],
  unitPrice: ['Price', 'UnPrice'],
  amount: ['Amount'],
  taxRate: ['TaxScheme', 'TaxRate'],
  taxAmount: ['TaxAmount', 'ComTaxAm'],
} as const;

/**
 * The invoice data of an OFD e-invoice: values from the attached invoice XML (original_invoice.xml or
 * any attached invoice XML) where there is one, else from the invoice tags, whose object references
 * also give where each value is printed. Undefined for an OFD that is not an e-invoice.
 */
export function ofdInvoice(doc: OfdDocument, texts: PageObjectTexts): DocumentInvoice | undefined {
  const xml = attachedInvoice(doc);
  const tags = invoiceTags(doc);
  const source = xml ?? tags;
  if (!source) return undefined;
  const read: Reading = xml ? (node) => ({ text: node.text.trim(), places: [] }) : (node) => tagValue(node, texts);
  const data = invoiceData(read, source);
  if (!data) return undefined;
  return { data, page: 'original', placements: tags ? placementsOf(tags, texts) : undefined };
}

/** An attached invoice XML: the tax office's `original_invoice`, or any attached XML whose root is an invoice. */
function attachedInvoice(doc: OfdDocument): XmlElement | undefined {
  for (const attachment of doc.attachments) {
    if (!/xml/i.test(attachment.format) && !attachment.path.toLowerCase().endsWith('.xml')) continue;
    const root = doc.container.xml(attachment.path);
    if (root && /^e?invoice$/i.test(root.name)) return root;
  }
  return undefined;
}

/** The invoice tags: a custom tag part whose root (or its first child) is an eInvoice. */
function invoiceTags(doc: OfdDocument): XmlElement | undefined {
  for (const tag of doc.customTags) {
    const root = doc.container.xml(tag.path);
    const invoice = root && (/^e-?invoice$/i.test(root.name) ? root : root.children.find((c) => /^e-?invoice$/i.test(c.name)));
    if (invoice) return invoice;
  }
  return undefined;
}

/** The first element, depth first, whose local name is one of the names (or ends in one, for Seller/Buyer prefixes). */
function find(node: XmlElement, names: readonly string[]): XmlElement | undefined {
  for (const c of node.children) {
    if (names.includes(c.name)) return c;
    const inner = find(c, names);
    if (inner) return inner;
  }
  return undefined;
}

/** A tag's value: the text of the objects it points at (joined), or the data it holds itself. */
function tagValue(node: XmlElement, texts: PageObjectTexts): Located | undefined {
  const refs = childrenOf(node, 'ObjectRef');
  if (refs.length === 0) {
    const data = childrenOf(node, 'ObjectData')[0];
    return data ? { text: data.text.trim(), places: [] } : undefined;
  }
  const found = refs.flatMap((ref) => {
    const page = texts.get(ref.attrs.PageRef ?? '');
    const object = page?.objects.get(ref.text.trim());
    return page && object ? [{ page: page.page, object }] : [];
  });
  if (found.length === 0) return undefined;
  return { text: found.map((f) => f.object.text).join(''), places: found.map((f) => ({ page: f.page, vertices: f.object.box })) };
}

function invoiceData(read: Reading, source: XmlElement): InvoiceData | undefined {
  const text = (names: readonly string[], within = source) => {
    const node = find(within, names);
    return (node && read(node)?.text) ?? '';
  };
  const amount = (names: readonly string[]) => decimalOf(text(names));
  const party = (role: 'Seller' | 'Buyer'): InvoiceParty => {
    const value = (names: readonly string[]) => text(names.map((n) => role + n)) || undefined;
    return { name: value(PARTY.name) ?? '', vatId: value(PARTY.vatId), street: value(PARTY.street), phone: value(PARTY.phone), bankAccount: value(PARTY.bankAccount) };
  };
  const [netTotal, taxTotal, total] = [amount(NAMES.netTotal), amount(NAMES.taxTotal), amount(NAMES.total)];
  const lines = collect(source, NAMES.lines).flatMap((node) => lineOf((names) => text(names, node)));
  const parsed = InvoiceData.safeParse({
    syntax: 'OFD',
    number: text(NAMES.number),
    creditNote: total?.startsWith('-') ?? false,
    typeCode: text(NAMES.typeCode) || undefined,
    invoiceCode: text(NAMES.invoiceCode) || undefined,
    checkCode: text(NAMES.checkCode).replace(/\s+/g, '') || undefined,
    machineNumber: text(NAMES.machineNumber) || undefined,
    issueDate: isoDateOf(text(NAMES.issueDate)),
    currency: 'CNY',
    seller: party('Seller'),
    buyer: party('Buyer'),
    netTotal,
    taxes: taxTotal ? [{ basis: netTotal, tax: taxTotal, rate: singleRate(lines) }] : [],
    taxTotal,
    total,
    amountDue: total,
    lines,
    drawer: text(NAMES.drawer) || undefined,
    remark: text(NAMES.remark) || undefined,
  });
  return parsed.success ? parsed.data : undefined;
}

/** A goods line; lines without a description or an amount (discount notes, empty rows) are left out. */
function lineOf(value: (names: readonly string[]) => string): InvoiceLine[] {
  const line = {
    description: value(LINE.description),
    specification: value(LINE.specification) || undefined,
    unit: value(LINE.unit) || undefined,
    quantity: decimalOf(value(LINE.quantity)),
    unitPrice: decimalOf(value(LINE.unitPrice)),
    amount: decimalOf(value(LINE.amount)),
    taxRate: rateOf(value(LINE.taxRate)),
    taxAmount: decimalOf(value(LINE.taxAmount)),
  };
  return line.amount !== undefined && line.description ? [line as InvoiceLine] : [];
}

function collect(node: XmlElement, names: readonly string[]): XmlElement[] {
  return node.children.flatMap((c) => (names.includes(c.name) ? [c] : collect(c, names)));
}

/** Where tags say each value is printed, by its path in InvoiceData. */
function placementsOf(tags: XmlElement, texts: PageObjectTexts): Record<string, Position[]> {
  const placements: Record<string, Position[]> = {};
  const put = (path: string, node: XmlElement | undefined) => {
    const places = node ? tagValue(node, texts)?.places : undefined;
    if (places && places.length > 0) placements[path] = places;
  };
  for (const [path, names] of Object.entries(NAMES)) if (path !== 'lines' && path !== 'typeCode') put(path, find(tags, names));
  for (const role of ['Seller', 'Buyer'] as const) {
    for (const [key, names] of Object.entries(PARTY)) put(`${role.toLowerCase()}.${key === 'street' ? 'address' : key}`, find(tags, names.map((n) => role + n)));
  }
  collect(tags, NAMES.lines).forEach((line, i) => {
    for (const [key, names] of Object.entries(LINE)) put(`lines.${i}.${key}`, find(line, names));
  });
  return placements;
}

/**
 * An amount as printed or written ("¥200.00", "1,234.50") as a plain decimal; undefined when it is
 * none. Asterisks stand for no tax on a tax-exempt invoice (免税): zero.
 */
export function decimalOf(text: string): string | undefined {
  if (/^\*+$/.test(text.trim())) return '0';
  const cleaned = text.replace(/[¥￥,\s]/g, '').replace(/^（(.*)）$/, '$1');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? cleaned : undefined;
}

/** "13%" -> "13"; "***", 免税 and the like give no rate. */
function rateOf(text: string): string | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(text.trim());
  if (match) return match[1];
  const fraction = /^0?\.\d+$/.exec(text.trim());
  return fraction ? String(Number(text) * 100) : undefined;
}

function singleRate(lines: readonly InvoiceLine[]): string | undefined {
  const rates = new Set(lines.map((l) => l.taxRate));
  return rates.size === 1 ? [...rates][0] : undefined;
}

/** 2020年10月04日, 2024-03-05 10:11:12, 20201004 -> 2020-10-04; '' when it is no date. */
export function isoDateOf(text: string): string {
  const match = /(\d{4})\s*[年\-/.]?\s*(\d{1,2})\s*[月\-/.]?\s*(\d{1,2})/.exec(text);
  return match ? `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}` : '';
}
