import type { Country } from './conventions.js';

/** A till receipt's words in one country; each a list of the wordings seen there. */
export interface ReceiptWords {
  title: readonly string[];
  subtotal: readonly string[];
  total: readonly string[];
  /** The rounding line of a cash total rounded to 5 or 10 cents; [] where cash is not rounded. */
  rounding: readonly string[];
  /** The label of the total after rounding ("Te betalen"). */
  toPay: readonly string[];
  cash: readonly string[];
  change: readonly string[];
  card: readonly string[];
  vat: readonly string[];
  receiptNo: readonly string[];
  cashier: readonly string[];
  thanks: readonly string[];
  goods: readonly string[];
}

export const RECEIPT_WORDS: Readonly<Partial<Record<Country, ReceiptWords>>> = {
  DE: {
    title: ['Kassenbon', 'Beleg', ''], subtotal: ['Zwischensumme'], total: ['SUMME', 'Summe EUR', 'Gesamt', 'ZU ZAHLEN'], rounding: [], toPay: [], cash: ['Gegeben BAR', 'BAR', 'Bar'], change: ['Rückgeld', 'Rückgeld BAR', 'Zurück'], card: ['EC-Karte', 'Girocard'],
    vat: ['MwSt', 'USt', 'Steuer'], receiptNo: ['Bon-Nr.', 'Beleg-Nr.', 'Bon'], cashier: ['Kasse', 'Es bediente Sie'], thanks: ['Vielen Dank für Ihren Einkauf!', 'Danke und bis bald'],
    goods: ['Vollmilch 3,5%', 'Bio Bananen', 'Roggenbrot', 'Butter 250g', 'Kaffee gemahlen', 'Mineralwasser 6x1,5l', 'Gouda jung', 'Äpfel Elstar', 'Brezel', 'Tomaten'],
  },
  AT: {
    title: ['Rechnung', 'Beleg'], subtotal: ['Zwischensumme'], total: ['Summe', 'Gesamt EUR'], rounding: [], toPay: [], cash: ['Bar', 'Gegeben'], change: ['Retour', 'Rückgeld'], card: ['Bankomat'],
    vat: ['MwSt', 'USt'], receiptNo: ['Beleg-Nr.', 'Rechnung Nr.'], cashier: ['Kassa', 'Bediener'], thanks: ['Danke für Ihren Besuch!'],
    goods: ['Semmel', 'Melange', 'Almdudler 0,5l', 'Topfenstrudel', 'Extrawurst', 'Milch 1l', 'Leberkässemmel', 'Mannerschnitten'],
  },
  FR: {
    title: ['TICKET', 'Ticket de caisse', 'FACTURETTE'], subtotal: ['SOUS-TOTAL', 'Sous-total'], total: ['TOTAL', 'TOTAL TTC', 'A PAYER'], rounding: [], toPay: [], cash: ['ESPECES', 'Espèces'], change: ['RENDU', 'Rendu monnaie', 'Monnaie rendue'], card: ['CB', 'Carte bancaire'],
    vat: ['TVA'], receiptNo: ['Ticket n°', 'N° ticket'], cashier: ['Caissier', 'Caisse'], thanks: ['Merci de votre visite', 'A bientôt !'],
    goods: ['Baguette tradition', 'Croissant', 'Lait demi-écrémé', 'Camembert', 'Café moulu', 'Eau minérale 1,5L', 'Pommes Gala', 'Beurre doux', 'Yaourt nature'],
  },
  NL: {
    title: ['KASSABON', 'Bon', ''], subtotal: ['Subtotaal', 'SUBTOTAAL'], total: ['TOTAAL', 'Totaal'], rounding: ['Afronding', 'Afrondingsverschil'], toPay: ['Te betalen', 'TE BETALEN'], cash: ['Contant', 'CONTANT'], change: ['Wisselgeld', 'Terug'], card: ['PIN', 'Pinbetaling'],
    vat: ['BTW', 'Btw'], receiptNo: ['Bonnr.', 'Bon nr.'], cashier: ['Kassa', 'U werd geholpen door'], thanks: ['Bedankt voor uw bezoek!', 'Tot ziens'],
    goods: ['Halfvolle melk', 'Volkorenbrood', 'Jong belegen kaas', 'Appels Elstar', 'Koffiebonen', 'Spa blauw 1,5L', 'Stroopwafels', 'Hagelslag', 'Eieren 10 st.'],
  },
  IT: {
    title: ['DOCUMENTO COMMERCIALE', 'SCONTRINO', 'Documento commerciale di vendita'], subtotal: ['SUBTOTALE', 'Subtotale'], total: ['TOTALE COMPLESSIVO', 'TOTALE', 'TOTALE EURO'], rounding: ['Arrotondamento', 'ARROTONDAMENTO'], toPay: ['Importo pagato', 'TOTALE DA PAGARE'], cash: ['CONTANTI', 'Pagamento contante'], change: ['RESTO', 'Resto'], card: ['Pagamento elettronico', 'BANCOMAT'],
    vat: ['IVA', 'di cui IVA'], receiptNo: ['Documento N.', 'Doc. n.'], cashier: ['Cassa', 'Operatore'], thanks: ['Grazie e arrivederci', 'Grazie per la visita'],
    goods: ['Caffè espresso', 'Cornetto', 'Acqua naturale 0,5l', 'Pane comune', 'Latte intero', 'Parmigiano', 'Pasta di semola', 'Mele Golden', 'Mozzarella'],
  },
  ES: {
    title: ['FACTURA SIMPLIFICADA', 'TICKET', 'Ticket de compra'], subtotal: ['SUBTOTAL', 'Subtotal'], total: ['TOTAL', 'TOTAL (IVA incl.)', 'TOTAL A PAGAR'], rounding: [], toPay: [], cash: ['EFECTIVO', 'Efectivo'], change: ['CAMBIO', 'Cambio', 'A devolver'], card: ['TARJETA', 'Tarjeta'],
    vat: ['IVA'], receiptNo: ['Nº Ticket', 'Factura simpl. nº'], cashier: ['Caja', 'Le atendió'], thanks: ['Gracias por su visita', 'Vuelva pronto'],
    goods: ['Pan de barra', 'Leche entera', 'Aceite de oliva 1L', 'Jamón serrano', 'Tomates', 'Agua mineral 1,5L', 'Café molido', 'Naranjas', 'Queso manchego'],
  },
  MY: {
    title: ['TAX INVOICE', 'CASH BILL', 'RECEIPT', 'SIMPLIFIED TAX INVOICE'], subtotal: ['SUB TOTAL', 'SUBTOTAL', 'TOTAL EXCL. SST'], total: ['TOTAL', 'TOTAL (RM)', 'GRAND TOTAL'], rounding: ['ROUNDING ADJ', 'ROUNDING', 'ROUNDING ADJUSTMENT'], toPay: ['TOTAL ROUNDED', 'NET TOTAL', 'TOTAL PAYABLE'], cash: ['CASH', 'CASH TENDERED', 'PAID'], change: ['CHANGE', 'CHANGE DUE'], card: ['VISA', 'CREDIT CARD'],
    vat: ['SST', 'SERVICE TAX'], receiptNo: ['INVOICE NO', 'RECEIPT NO', 'BILL NO'], cashier: ['CASHIER', 'COUNTER'], thanks: ['THANK YOU. PLEASE COME AGAIN.', 'GOODS SOLD ARE NOT RETURNABLE'],
    goods: ['NASI LEMAK', 'TEH TARIK', 'MILO ICE', 'ROTI CANAI', 'MEE GORENG', 'A4 PAPER 80GSM', 'PEN BLUE 0.5', 'MINERAL WATER 500ML', 'KOPI O', 'CHICKEN RICE'],
  },
  CN: {
    title: ['购物小票', '销售小票', '收银小票'], subtotal: ['小计', '商品合计'], total: ['合计', '应收', '应付金额'], rounding: ['抹零', '舍零'], toPay: ['应收金额', '应付金额'], cash: ['现金', '实收'], change: ['找零', '找赎'], card: ['银行卡', '微信支付'],
    vat: ['税额'], receiptNo: ['单号', '流水号'], cashier: ['收银员', '收银台'], thanks: ['谢谢惠顾，欢迎再次光临', '请保留小票'],
    goods: ['牛奶', '面包', '苹果', '鸡蛋', '大米', '酸奶', '矿泉水', '纸巾', '咖啡', '饼干'],
  },
};
