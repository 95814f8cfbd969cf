import type { LanguageWords } from './language-words.js';

/** Malay, as Malaysian receipts print it beside English. */
export const MS: LanguageWords = {
  named: {
    phone: ['no. tel'],
    date: ['tarikh'],
    party_address: ['alamat'],
    tax: ['cukai'],
    total: ['jumlah'],
    currency: ['mata wang'],
    party_name: ['nama', 'syarikat', 'kedai'],
  },
  printed: {
    issuer_address: ['alamat'],
    date: ['tarikh'],
    total: ['jumlah'],
  },
  rounding: ['pembundaran'],
  seller: ['syarikat', 'kedai'],
  buyer: ['pembeli'],
  tradeWords: ['restoran', 'pasaraya', 'farmasi', 'kedai', 'syarikat', 'perniagaan'],
  titles: ['invois', 'resit'],
  dateJoiners: ['bertarikh'],
  columnHeads: {
    description: ['keterangan'],
    quantity: ['kuantiti'],
    unit_price: ['harga'],
    line_amount: ['jumlah'],
  },
};
