// Texts of documents as the engine reads them (one printed line per line), written for these tests:
// commercial invoices in several languages, a Chinese VAT invoice, till receipts and documents no
// starter category fits. Names, numbers and addresses are made up.

export const ENGLISH_INVOICE = `Northwind Traders Ltd
12 Harbour Road, Bristol BS1 4DJ, United Kingdom
VAT No. GB 123 4567 89
INVOICE
Invoice number: INV-2024-118
Invoice date: 12 March 2024
Due date: 11 April 2024
Bill to
Contoso Pharmaceuticals GmbH
Lindenstrasse 4, 10115 Berlin
Description  Qty  Unit price  Amount
Consulting services, February  10  120.00  1,200.00
Travel expenses  1  245.50  245.50
Subtotal  1,445.50
VAT 20%  289.10
Total due  GBP 1,734.60
Payment terms: 30 days net. Please pay by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19, quoting the invoice number.`;

export const GERMAN_INVOICE = `Müller & Söhne Werkzeugbau GmbH · Industriestraße 7 · 70565 Stuttgart
Firma
Beispiel AG
Hauptstraße 12
80331 München
RECHNUNG
Rechnungsnummer: RE-2024-0457
Rechnungsdatum: 05.03.2024
Kundennummer: 10023
Lieferdatum: 01.03.2024
Pos.  Bezeichnung  Menge  Einzelpreis  Betrag
1  Fräser HSS 12 mm  20  14,50 €  290,00 €
2  Spannzange ER32  5  38,00 €  190,00 €
Nettobetrag  480,00 €
zzgl. 19% MwSt.  91,20 €
Gesamtbetrag  571,20 €
Zahlbar bis 04.04.2024 ohne Abzug.
Bankverbindung: Stadtsparkasse Stuttgart · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX
USt-IdNr.: DE123456789 · Steuernummer: 99/123/45678`;

export const FRENCH_INVOICE = `Atelier Lumière SARL
25 rue des Lilas, 69003 Lyon
SIRET 123 456 789 00012 · N° TVA FR12 123456789
FACTURE
N° de facture : F-2024-031
Date de facture : 14/02/2024
Facturé à : Boulangerie Martin, 8 place du Marché, 38000 Grenoble
Désignation  Qté  Prix unitaire  Montant
Lampe suspendue laiton  2  185,00  370,00
Installation  1  90,00  90,00
Total HT  460,00
TVA 20 %  92,00
Total TTC  552,00 €
Échéance : 15/03/2024 · Conditions de paiement : 30 jours`;

/** A Chinese VAT invoice: the 专用发票 grid as OCR reads it. */
export const CHINESE_VAT_INVOICE = `北京增值税专用发票
发票代码：1100231130
发票号码：08847391
开票日期：2023年08月17日
校验码：12345 67890 12345 67890
机器编号：661234567890
购买方 名称：北京示例科技有限公司
纳税人识别号：91110108MA01ABCD2X
销售方 名称：上海样本贸易有限公司
纳税人识别号：91310115MA1HXYZ12K
货物或应税劳务名称  规格型号  单位  数量  单价  金额  税率  税额
*电子计算机*笔记本电脑  X1  台  2  4,424.78  8,849.56  13%  1,150.44
合计  ¥8,849.56  ¥1,150.44
价税合计（大写）  壹万圆整  （小写）¥10,000.00
收款人：张三  复核：李四  开票人：王五`;

/** A 数电票 (电子发票（普通发票）) as its text layer reads: the two party blocks side by side under vertical labels. */
export const DIGITAL_INVOICE = `电子发票（普通发票）  发票号码：25442000000012345678
开票日期：2025年03月05日
购  名称：广州示例科技有限公司  销  名称：深圳样本贸易有限公司
买  统一社会信用代码/纳税人识别号：91440101MA5ABCDE1X  售  统一社会信用代码/纳税人识别号：91440300MA5FGHIJ2Y
项目名称  规格型号  单位  数量  单价  金额  税率/征收率  税额
*信息技术服务*技术服务费  项  1  1000.00  1000.00  6%  60.00
合  计  ¥1000.00  ¥60.00
价税合计（大写）  壹仟零陆拾圆整  （小写）¥1060.00
开票人：王五`;

/** The 数电票's railway e-ticket: its values mostly unlabelled. */
export const RAIL_E_TICKET = `电子发票（铁路电子客票）  发票号码：25339414832011663471
开票日期：2025年02月15日
上海虹桥站  C8054  北京南站
Shanghaihongqiao  Beijingnan
2025年02月14日 17:02开  16车05F号  二等座
票价：￥215.50
3101152000****5541 吴敏
电子客票号：8532539251543452044622025
购买方名称：天津海川电子有限公司  统一社会信用代码：9111010848D49MA46W
买票请到12306 发货请到95306`;

/** The 数电票's air itinerary: the flight and its sums under column heads. */
export const AIR_ITINERARY = `电子发票（航空运输电子客票行程单）  发票号码：25110342109891118576
开票日期：2025年07月18日
旅客姓名：王芳  有效身份证件号码：510107********8212  签注：不得签转
自/至  承运人  航班号  座位等级  日期  时间  客票级别/客票类别  免费行李
自 上海虹桥 SHA  厦门航空  MF2067  公务舱  2025-07-05  15:15  C  30K
至 广州白云 CAN
票价  燃油附加费  增值税税率  增值税税额  民航发展基金  其他税费  合计
CNY430.00  CNY40.00  9%  CNY42.30  CNY50.00  CNY0.00  CNY562.30
电子客票号码：7311252262960  验证码：0187
购买方名称：武汉华信实业有限公司  统一社会信用代码：91310115NPJ21NCUU1`;

/** A Malaysian till slip: titled "TAX INVOICE", with an invoice number, as many are. */
export const MALAYSIAN_TILL_RECEIPT = `KEDAI RUNCIT MAJU JAYA SDN BHD
(123456-X)
NO. 8, JALAN MAWAR 3, TAMAN MELATI
53100 KUALA LUMPUR
GST REG NO : 000123456789
TAX INVOICE
INVOICE NO : CS0004512
DATE : 02/03/2018 14:05
CASHIER : AMINAH
ITEM  QTY  PRICE  AMOUNT
MINERAL WATER 1.5L  2  1.80  3.60 SR
ROTI GANDUM  1  3.20  3.20 SR
TOTAL QTY: 3
TOTAL (INCLUSIVE OF GST) : 6.80
ROUNDING ADJ : 0.00
CASH : 10.00
CHANGE : 3.20
GST SUMMARY  AMOUNT (RM)  TAX (RM)
SR @ 6%  6.42  0.38
THANK YOU. PLEASE COME AGAIN.
GOODS SOLD ARE NOT RETURNABLE`;

/** An Australian commercial invoice titled "TAX INVOICE": billed, due, no till words. */
export const AUSTRALIAN_TAX_INVOICE = `Bright Sparks Electrical Pty Ltd
ABN 12 345 678 901
TAX INVOICE
Invoice No: 4471
Invoice Date: 3 June 2024
Due Date: 17 June 2024
Bill To: Harbourside Cafe, 2 Wharf St, Sydney NSW 2000
Description  Qty  Rate  Amount
Replace switchboard  1  1,450.00  1,450.00
Labour (hours)  6  95.00  570.00
Subtotal  2,020.00
GST  202.00
Amount Due  AUD 2,222.00
Payment terms: 14 days. BSB 062-000 Account 1234 5678`;

export const RECOMMENDATION_LETTER = `Letter of Recommendation
12 May 2024
To whom it may concern,
I am pleased to recommend Ms. Chen, who worked with us at Contoso Ltd for four years. She led our
customer support team with great care, kept the total backlog low and was always willing to help
colleagues. I recommend her without reservation.
Yours faithfully,
J. Miller, Director`;

export const MEETING_MINUTES = `Minutes of the Project Meeting
Date: 4 March 2024
Location: Room 3B
Chair: J. Miller
The team reviewed progress on the data import module. Interviews with two customers are planned for
next week. The server purchase is delayed, which may move the release date by two weeks.`;
