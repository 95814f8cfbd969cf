import type { Rng } from '../corpus/rng.js';

export type LabelLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'zh';

/** The words an invoice prints for each of its parts; each a list of the wordings seen, one picked per document. */
export type InvoiceLabelKey =
  | 'invoice' | 'creditNote' | 'number' | 'creditNumber' | 'date' | 'dueDate' | 'customerNo' | 'orderRef' | 'currency'
  | 'seller' | 'buyer' | 'delivery' | 'vatId' | 'customerVatId' | 'linkedInvoice'
  | 'position' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'taxRate' | 'amount'
  | 'net' | 'tax' | 'total' | 'due' | 'shareCapital' | 'bank' | 'phone' | 'page' | 'terms' | 'thanks';

type Words = Readonly<Record<InvoiceLabelKey, readonly string[]>>;

const EN: Words = {
  invoice: ['INVOICE', 'Invoice', 'Tax Invoice'], creditNote: ['CREDIT NOTE', 'Credit Note'], number: ['Invoice No.', 'Invoice number', 'Invoice #'], creditNumber: ['Credit note No.', 'Credit note number'],
  date: ['Invoice date', 'Date', 'Date of issue'], dueDate: ['Due date', 'Payment due', 'Due'], customerNo: ['Customer No.', 'Account No.', 'Customer ID'], orderRef: ['Your order', 'PO number', 'Order ref.'], currency: ['Currency'],
  seller: ['From', 'Supplier', 'Seller'], buyer: ['Bill to', 'Invoice to', 'Customer', 'Billed to'], delivery: ['Ship to', 'Deliver to', 'Delivery address'],
  vatId: ['VAT No.', 'VAT Reg. No.', 'VAT number'], customerVatId: ['Customer VAT No.', 'Your VAT No.', 'Customer VAT number'], linkedInvoice: ['Original invoice', 'Credit for invoice', 'Relates to invoice'],
  position: ['#', 'No.', 'Item'], description: ['Description', 'Item description', 'Product / Service'], quantity: ['Qty', 'Quantity', 'Units'], unit: ['Unit'], unitPrice: ['Unit price', 'Rate', 'Price'],
  discount: ['Discount', 'Disc. %'], taxRate: ['VAT %', 'VAT', 'Tax rate'], amount: ['Amount', 'Total', 'Line total', 'Net amount'],
  net: ['Subtotal', 'Net amount', 'Total excl. VAT', 'Net total'], tax: ['VAT', 'Tax', 'Total VAT', 'Sales tax'], total: ['Total', 'Invoice total', 'Total incl. VAT', 'Grand total'], due: ['Amount due', 'Balance due', 'Total due'],
  shareCapital: ['Share capital'], bank: ['Bank', 'Bank details'], phone: ['Tel', 'Phone'],
  page: ['Page 1 of 1', 'Page 1/1'], terms: ['Payment due within 30 days of the invoice date.', 'Please pay by bank transfer within 14 days.'], thanks: ['Thank you for your business.', 'Thank you for your order.'],
};

const DE: Words = {
  invoice: ['RECHNUNG', 'Rechnung'], creditNote: ['GUTSCHRIFT', 'Gutschrift', 'Rechnungskorrektur'], number: ['Rechnungsnummer', 'Rechnung Nr.', 'Rechnungs-Nr.', 'Beleg-Nr.'], creditNumber: ['Gutschrift Nr.', 'Gutschriftsnummer', 'Beleg-Nr.'],
  date: ['Rechnungsdatum', 'Datum', 'Belegdatum'], dueDate: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'], customerNo: ['Kundennummer', 'Kunden-Nr.', 'Ihre Kundennr.'], orderRef: ['Ihre Bestellung', 'Auftrag Nr.', 'Bestellnummer'], currency: ['Währung'],
  seller: ['Verkäufer', 'Rechnungssteller', 'Lieferant'], buyer: ['Rechnungsempfänger', 'Kunde', 'Rechnungsadresse', 'Käufer'], delivery: ['Lieferanschrift', 'Lieferadresse', 'Warenempfänger'],
  vatId: ['USt-IdNr.', 'USt-ID', 'Umsatzsteuer-ID'], customerVatId: ['USt-IdNr. des Kunden', 'Ihre USt-IdNr.', 'Kunden-USt-ID'], linkedInvoice: ['Bezug auf Rechnung', 'Zu Rechnung Nr.', 'Ursprungsrechnung'],
  position: ['Pos.', 'Nr.'], description: ['Bezeichnung', 'Artikel / Leistung', 'Beschreibung', 'Artikelbezeichnung'], quantity: ['Menge', 'Anzahl', 'Anz.'], unit: ['Einheit', 'ME'], unitPrice: ['Einzelpreis', 'E-Preis', 'Preis/Einheit'],
  discount: ['Rabatt', 'Rabatt %'], taxRate: ['MwSt.', 'USt %', 'MwSt.-Satz'], amount: ['Gesamtpreis', 'Betrag', 'Gesamt', 'Summe'],
  net: ['Nettobetrag', 'Zwischensumme', 'Summe netto', 'Gesamt netto'], tax: ['MwSt.', 'Umsatzsteuer', 'zzgl. USt.', 'MwSt.-Betrag'], total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Bruttobetrag', 'Gesamt brutto'], due: ['Zahlbetrag', 'Zu zahlender Betrag', 'Offener Betrag'],
  shareCapital: ['Stammkapital', 'Grundkapital'], bank: ['Bankverbindung', 'Bank'], phone: ['Tel.', 'Telefon'],
  page: ['Seite 1 von 1', 'Seite 1/1'], terms: ['Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.'], thanks: ['Vielen Dank für Ihren Auftrag!', 'Wir danken für Ihre Bestellung.'],
};

const FR: Words = {
  invoice: ['FACTURE', 'Facture'], creditNote: ['AVOIR', 'Avoir', "Facture d'avoir"], number: ['N° de facture', 'Facture n°', 'Numéro de facture', 'Réf. facture'], creditNumber: ["N° d'avoir", 'Avoir n°'],
  date: ['Date de facture', 'Date', "Date d'émission"], dueDate: ["Date d'échéance", 'Échéance', 'À régler avant le'], customerNo: ['N° client', 'Code client', 'Réf. client'], orderRef: ['Votre commande', 'Réf. commande', 'Bon de commande'], currency: ['Devise'],
  seller: ['Vendeur', 'Émetteur', 'Fournisseur'], buyer: ['Client', 'Facturé à', 'Adresse de facturation', 'Destinataire'], delivery: ['Adresse de livraison', 'Livré à', 'Lieu de livraison'],
  vatId: ['N° TVA intracommunautaire', 'TVA intracom.', 'N° TVA'], customerVatId: ['N° TVA client', 'TVA client', 'N° TVA intracom. client'], linkedInvoice: ['Facture liée', "Facture d'origine", 'Avoir sur facture n°'],
  position: ['Réf.', 'N°'], description: ['Désignation', 'Description', 'Libellé'], quantity: ['Qté', 'Quantité'], unit: ['Unité', 'U.'], unitPrice: ['Prix unitaire HT', 'P.U. HT', 'Prix unit.'],
  discount: ['Remise', 'Remise %'], taxRate: ['TVA', 'Taux TVA', 'TVA %'], amount: ['Montant HT', 'Total HT', 'Montant'],
  net: ['Total HT', 'Montant HT', 'Sous-total HT'], tax: ['TVA', 'Total TVA', 'Montant TVA', 'Total taxes'], total: ['Total TTC', 'Montant TTC', 'Net à payer TTC'], due: ['Net à payer', 'Reste à payer', 'Montant dû'],
  shareCapital: ['au capital de', 'Capital social'], bank: ['Banque', 'Coordonnées bancaires'], phone: ['Tél.', 'Tél'],
  page: ['Page 1/1', 'Page 1 sur 1'], terms: ["Paiement à 30 jours. Pénalités de retard : 3 fois le taux d'intérêt légal.", "Pas d'escompte pour paiement anticipé."], thanks: ['Merci de votre confiance.', 'Merci pour votre commande.'],
};

const ES: Words = {
  invoice: ['FACTURA', 'Factura'], creditNote: ['FACTURA RECTIFICATIVA', 'Abono', 'Nota de crédito'], number: ['Nº de factura', 'Factura nº', 'Número de factura', 'Nº Factura'], creditNumber: ['Nº de abono', 'Rectificativa nº'],
  date: ['Fecha de factura', 'Fecha', 'Fecha de emisión'], dueDate: ['Fecha de vencimiento', 'Vencimiento'], customerNo: ['Nº cliente', 'Código cliente'], orderRef: ['Su pedido', 'Pedido nº', 'Nº pedido'], currency: ['Moneda'],
  seller: ['Emisor', 'Proveedor', 'Vendedor'], buyer: ['Cliente', 'Facturar a', 'Datos del cliente', 'Destinatario'], delivery: ['Dirección de entrega', 'Enviar a', 'Lugar de entrega'],
  vatId: ['NIF', 'CIF', 'NIF-IVA'], customerVatId: ['NIF cliente', 'CIF del cliente'], linkedInvoice: ['Factura rectificada', 'Rectifica a la factura', 'Factura original'],
  position: ['Ref.', 'Nº'], description: ['Descripción', 'Concepto', 'Artículo'], quantity: ['Cantidad', 'Cant.', 'Uds.'], unit: ['Unidad'], unitPrice: ['Precio unitario', 'Precio', 'P. unit.'],
  discount: ['Dto.', 'Descuento', 'Dto. %'], taxRate: ['IVA', '% IVA', 'Tipo IVA'], amount: ['Importe', 'Total', 'Base'],
  net: ['Base imponible', 'Subtotal', 'Total base'], tax: ['IVA', 'Cuota IVA', 'Total IVA'], total: ['Total factura', 'Total', 'TOTAL'], due: ['Total a pagar', 'Importe a pagar'],
  shareCapital: ['Capital social'], bank: ['Banco', 'Cuenta bancaria'], phone: ['Tel.', 'Teléfono'],
  page: ['Página 1 de 1', 'Pág. 1/1'], terms: ['Forma de pago: transferencia bancaria a 30 días.', 'Pago al contado.'], thanks: ['Gracias por su confianza.'],
};

const IT: Words = {
  invoice: ['FATTURA', 'Fattura', 'Fattura differita'], creditNote: ['NOTA DI CREDITO', 'Nota di credito'], number: ['Numero fattura', 'Fattura n.', 'N. documento', 'Nr. fattura'], creditNumber: ['Nota di credito n.', 'N. documento'],
  date: ['Data fattura', 'Data', 'Data documento'], dueDate: ['Scadenza', 'Data scadenza', 'Scadenza pagamento'], customerNo: ['Cod. cliente', 'Codice cliente'], orderRef: ['Vs. ordine', 'Rif. ordine', 'Ordine n.'], currency: ['Valuta'],
  seller: ['Cedente', 'Fornitore', 'Mittente'], buyer: ['Spett.le', 'Destinatario', 'Cliente', 'Cessionario'], delivery: ['Destinazione merce', 'Luogo di consegna', 'Indirizzo di consegna'],
  vatId: ['P.IVA', 'Partita IVA', 'P. IVA'], customerVatId: ['P.IVA cliente', 'Partita IVA cliente'], linkedInvoice: ['Fattura di riferimento', 'Rif. fattura', 'Storno fattura n.'],
  position: ['Pos.', 'N.'], description: ['Descrizione', 'Descrizione articolo', 'Articolo'], quantity: ['Quantità', 'Q.tà', 'Qtà'], unit: ['U.M.', 'Unità'], unitPrice: ['Prezzo unitario', 'Prezzo', 'Prezzo unit.'],
  discount: ['Sconto', 'Sconto %', 'Sc. %'], taxRate: ['IVA', 'Aliquota IVA', '% IVA'], amount: ['Importo', 'Totale', 'Imponibile'],
  net: ['Imponibile', 'Totale imponibile', 'Totale merce'], tax: ['IVA', 'Totale IVA', 'Imposta'], total: ['Totale documento', 'Totale fattura', 'TOTALE'], due: ['Netto a pagare', 'Totale da pagare'],
  shareCapital: ['Capitale sociale i.v.', 'Cap. soc.'], bank: ['Banca', 'Coordinate bancarie'], phone: ['Tel.', 'Telefono'],
  page: ['Pagina 1 di 1', 'Pag. 1/1'], terms: ['Pagamento: bonifico bancario 30 gg d.f.', 'Pagamento a ricevimento fattura.'], thanks: ['Grazie per averci scelto.'],
};

const NL: Words = {
  invoice: ['FACTUUR', 'Factuur'], creditNote: ['CREDITNOTA', 'Creditfactuur', 'Creditnota'], number: ['Factuurnummer', 'Factuurnr.', 'Nummer'], creditNumber: ['Creditnotanummer', 'Creditnota nr.'],
  date: ['Factuurdatum', 'Datum'], dueDate: ['Vervaldatum', 'Te betalen voor', 'Uiterste betaaldatum'], customerNo: ['Klantnummer', 'Klantnr.', 'Debiteurnummer'], orderRef: ['Uw order', 'Ordernummer', 'Uw referentie'], currency: ['Valuta'],
  seller: ['Leverancier', 'Afzender', 'Van'], buyer: ['Factuuradres', 'Klant', 'Aan', 'Gefactureerd aan'], delivery: ['Afleveradres', 'Leveringsadres', 'Bezorgadres'],
  vatId: ['Btw-nummer', 'BTW-nr.', 'Btw-id'], customerVatId: ['Btw-nummer klant', 'Uw btw-nummer', 'Btw-nr. afnemer'], linkedInvoice: ['Betreft factuur', 'Oorspronkelijke factuur', 'Creditering van factuur'],
  position: ['Nr.', 'Art.'], description: ['Omschrijving', 'Artikel', 'Product'], quantity: ['Aantal', 'Aant.'], unit: ['Eenheid'], unitPrice: ['Prijs per stuk', 'Stukprijs', 'Prijs'],
  discount: ['Korting', 'Korting %'], taxRate: ['Btw', 'Btw %', 'BTW-tarief'], amount: ['Bedrag', 'Totaal', 'Subtotaal'],
  net: ['Subtotaal', 'Totaal excl. btw', 'Netto'], tax: ['Btw', 'Totaal btw', 'BTW-bedrag'], total: ['Totaal incl. btw', 'Totaal', 'Factuurbedrag'], due: ['Te betalen', 'Openstaand bedrag', 'Totaal te betalen'],
  shareCapital: ['Maatschappelijk kapitaal', 'Geplaatst kapitaal'], bank: ['Bank', 'Bankgegevens'], phone: ['Tel.', 'Telefoon'],
  page: ['Pagina 1 van 1', 'Blad 1/1'], terms: ['Gelieve te betalen binnen 30 dagen na factuurdatum.', 'Betaling binnen 14 dagen.'], thanks: ['Bedankt voor uw bestelling.'],
};

const ZH: Words = {
  invoice: ['发票', '增值税普通发票'], creditNote: ['红字发票', '销项负数发票'], number: ['发票号码'], creditNumber: ['发票号码'],
  date: ['开票日期'], dueDate: ['付款期限'], customerNo: ['客户编号'], orderRef: ['订单号'], currency: ['币种'],
  seller: ['销售方', '销售方信息'], buyer: ['购买方', '购买方信息'], delivery: ['收货地址'],
  vatId: ['纳税人识别号', '统一社会信用代码/纳税人识别号'], customerVatId: ['纳税人识别号'], linkedInvoice: ['对应蓝字发票号码', '原发票号码'],
  position: ['序号'], description: ['项目名称', '货物或应税劳务、服务名称'], quantity: ['数量'], unit: ['单位'], unitPrice: ['单价'],
  discount: ['折扣'], taxRate: ['税率', '税率/征收率'], amount: ['金额'],
  net: ['合计金额', '金额合计'], tax: ['合计税额', '税额合计'], total: ['价税合计（小写）', '价税合计'], due: ['应付金额'],
  shareCapital: ['注册资本'], bank: ['开户行及账号', '开户银行'], phone: ['电话'],
  page: ['第1页 共1页'], terms: ['请于三十日内付款。'], thanks: ['谢谢惠顾'],
};

export const INVOICE_LABELS: Readonly<Record<LabelLanguage, Words>> = { en: EN, de: DE, fr: FR, es: ES, it: IT, nl: NL, zh: ZH };

/** One document's wording: each label picked once, so a page says "Rechnungsnummer" throughout. */
export function pickLabels(rng: Rng, language: LabelLanguage): Record<InvoiceLabelKey, string> {
  const words = INVOICE_LABELS[language];
  return Object.fromEntries(Object.entries(words).map(([key, options]) => [key, rng.pick(options)])) as Record<InvoiceLabelKey, string>;
}
