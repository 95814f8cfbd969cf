import { describe, expect, it } from 'vitest';
import { readInvoiceXml } from '../../../../src/shared-node/e-invoice/read-invoice-xml.js';
import { eInvoiceFixture } from '../../../fixtures/e-invoice/factur-x-pdf.js';
import { failureOfCall } from '../../../support/processing-failure.js';

const text = (name: string) => new TextDecoder().decode(eInvoiceFixture(name));
const read = (xml: string | Uint8Array) => readInvoiceXml(xml, 'The XML file').data;

describe('readInvoiceXml: the fully digital e-invoice (数电票)', () => {
  it('reads every value of a 专用发票: header, parties with tax ids, totals, every item, remark, drawer and kind', () => {
    expect(read(eInvoiceFixture('huaxin-special.einvoice.xml'))).toEqual({
      syntax: 'EInvoice',
      number: '24442000000071234567',
      creditNote: false,
      kind: 'special',
      issueDate: '2024-11-05',
      currency: 'CNY',
      seller: { name: '深圳华信数码科技有限公司', vatId: '91440300MA5G8K3P1W', street: '深圳市南山区科技园南路88号', phone: '0755-86001234', bankAccount: '招商银行深圳科技园支行 755912345610801' },
      buyer: { name: '北京云杉文化传播有限公司', vatId: '91110108MA01R2XK91', street: '北京市海淀区中关村大街27号', phone: '010-62501234', bankAccount: '中国工商银行北京中关村支行 0200004509012345678' },
      netTotal: '15539.82',
      taxes: [{ basis: '15539.82', tax: '1180.18' }],
      taxTotal: '1180.18',
      total: '16720',
      amountDue: '16720',
      lines: [
        { description: '*信息技术服务*软件维护服务费', specification: 'V2.1', unit: '项', quantity: '1', unitPrice: '12000', amount: '12000', taxRate: '6', taxAmount: '720' },
        { description: '*计算机外部设备*激光打印机', specification: 'LBP-2900', unit: '台', quantity: '2', unitPrice: '1769.911504424779', amount: '3539.82', taxRate: '13', taxAmount: '460.18' },
      ],
      remark: '合同编号：HX-2024-1107',
      drawer: '李明',
    });
  });

  it('reads the variants of an ordinary invoice: the date from IssueTime, rates in percent, a discount item, an exempt item, a natural person as buyer', () => {
    const data = read(eInvoiceFixture('minhang-ordinary.einvoice.xml'));
    expect(data).toMatchObject({ number: '24312000000012345678', kind: 'ordinary', issueDate: '2024-06-18', netTotal: '304.72', taxTotal: '15.28', total: '320', remark: '桌号：A08 人数：4', drawer: '王芳' });
    expect(data.buyer).toEqual({ name: '张三', vatId: '11010519491231002X' });
    expect(data.taxes).toEqual([{ basis: '304.72', tax: '15.28' }]);
    expect(data.lines).toEqual([
      { description: '*餐饮服务*餐费', unit: '次', quantity: '1', unitPrice: '283.02', amount: '283.02', taxRate: '6', taxAmount: '16.98' },
      { description: '*餐饮服务*餐费', amount: '-28.3', taxRate: '6', taxAmount: '-1.7' },
      { description: '*蔬菜*有机青菜', unit: '公斤', quantity: '5', unitPrice: '10', amount: '50', taxAmount: '0' },
    ]);
  });

  it('gives one rate to the tax breakdown when every item has it, and reads a red-letter invoice as a credit note', () => {
    const single = text('huaxin-special.einvoice.xml').replace('<TaxRate>0.13</TaxRate>', '<TaxRate>0.06</TaxRate>');
    expect(read(single).taxes).toEqual([{ basis: '15539.82', tax: '1180.18', rate: '6' }]);
    const red = text('huaxin-special.einvoice.xml').replace('<LabelCode>Y</LabelCode>', '<LabelCode>N</LabelCode>');
    expect(read(red).creditNote).toBe(true);
    const negative = text('minhang-ordinary.einvoice.xml').replace('<TotalTax-includedAmount>320.00', '<TotalTax-includedAmount>-320.00');
    expect(read(negative).creditNote).toBe(true);
  });

  it('takes the number from the header where TaxSupervisionInfo leaves it out, and a date written 2024年06月18日', () => {
    const variant = text('minhang-ordinary.einvoice.xml')
      .replace('<InvoiceNumber>24312000000012345678</InvoiceNumber>', '')
      .replace('2024-06-18T10:15:00', '2024年06月18日');
    expect(read(variant)).toMatchObject({ number: '24312000000012345678', issueDate: '2024-06-18' });
  });

  it('says which value a 数电票 XML lacks or writes in no readable form', () => {
    const untotalled = text('huaxin-special.einvoice.xml').replace(/<TotalTax-includedAmount>[^<]*<\/TotalTax-includedAmount>/, '');
    expect(failureOfCall(() => read(untotalled))).toBe('The fully digital e-invoice XML (数电票) gives no total with tax (价税合计, TotalTax-includedAmount): it is not a complete invoice.');
    const undated = text('minhang-ordinary.einvoice.xml').replace('<IssueTime>2024-06-18T10:15:00</IssueTime>', '');
    expect(failureOfCall(() => read(undated))).toContain('gives no invoice date (开票日期, RequestTime or IssueTime)');
    const misread = text('huaxin-special.einvoice.xml').replace('<Amount>3539.82', '<Amount>3539,82');
    expect(failureOfCall(() => read(misread))).toBe('The invoice XML gives an item amount (金额) as "3539,82", which is not a number.');
  });

  it('names <EInvoice> among the roots it reads when the root is none of them', () => {
    expect(failureOfCall(() => read('<Fapiao/>'))).toContain("<EInvoice> (China's fully digital e-invoice, 数电票)");
  });
});

describe('readInvoiceXml: a hostile 数电票 XML gets the causes the other invoice XML gets', () => {
  const special = text('huaxin-special.einvoice.xml');
  const withDoctype = (doctype: string, reference: string) => special.replace('<EInvoice>', `${doctype}<EInvoice>`).replace('<Remark>合同编号：HX-2024-1107', `<Remark>${reference}`);

  it('refuses an external entity that would read a file of the engine', () => {
    const xxe = withDoctype('<!DOCTYPE EInvoice [<!ENTITY secret SYSTEM "file:///etc/passwd">]>', '&secret;');
    expect(failureOfCall(() => read(xxe))).toMatch(/^The XML file declares a DOCTYPE \(a DTD with entities\): .* so it is refused\.$/);
  });

  it('refuses an entity expansion (billion laughs) before it starts', () => {
    const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = withDoctype(`<!DOCTYPE EInvoice [<!ENTITY l0 "哈">${laughs}]>`, '&l9;');
    expect(failureOfCall(() => read(bomb))).toMatch(/^The XML file declares a DOCTYPE/);
  });

  it('refuses 50 MB of items by the element bound, in a bounded time', () => {
    const item = special.slice(special.indexOf('<IssuItemInformation>'), special.indexOf('</IssuItemInformation>') + '</IssuItemInformation>'.length);
    const items = item.repeat(Math.ceil((50 * 1024 * 1024) / item.length));
    const huge = special.replace(item, items);
    expect(huge.length).toBeGreaterThan(50 * 1024 * 1024);
    const started = performance.now();
    expect(failureOfCall(() => read(huge))).toBe('The XML file holds more than 500000 elements: too large for an invoice, so it is refused.');
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('refuses an undeclared entity as not well-formed', () => {
    expect(failureOfCall(() => read(special.replace('合同编号', '&secret;')))).toMatch(/^The XML file is not well-formed XML: /);
  });
});
