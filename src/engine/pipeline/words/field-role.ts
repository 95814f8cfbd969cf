/** What a field is for: the roles the engine reads a value as (their words are in role-words/). */
export type FieldRole =
  | 'issuer_name'
  | 'issuer_address'
  | 'buyer_name'
  | 'buyer_address'
  | 'phone'
  | 'issuer_tax_id'
  | 'buyer_tax_id'
  | 'document_number'
  | 'document_code'
  | 'check_code'
  | 'machine_number'
  | 'date'
  | 'due_date'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'currency'
  | 'amount_due'
  | 'iban'
  | 'issuer_street'
  | 'issuer_postcode'
  | 'issuer_city'
  | 'issuer_country'
  | 'buyer_street'
  | 'buyer_postcode'
  | 'buyer_city'
  | 'buyer_country'
  // A 数电票's own values (issue 33): who drew it, its remark, whether it is 专用 or 普通.
  | 'drawer'
  | 'remark'
  | 'invoice_kind'
  // A travel ticket's (the railway e-ticket, the air itinerary).
  | 'passenger_name'
  | 'passenger_id'
  | 'travel_date'
  | 'trip_number'
  | 'seat_class'
  | 'fare'
  | 'fuel_surcharge'
  | 'development_fund'
  | 'ticket_number';

/** The party's values, named alike for either party: a buyer word in the field's definition makes them the buyer's. */
export const PARTY_PARTS = ['name', 'address', 'tax_id', 'street', 'postcode', 'city', 'country'] as const;
export type PartyPart = (typeof PARTY_PARTS)[number];
export type PartyRole = `issuer_${PartyPart}` | `buyer_${PartyPart}`;
export type NamedRole = Exclude<FieldRole, PartyRole> | `party_${PartyPart}`;
