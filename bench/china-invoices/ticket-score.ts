import type { FileRecord } from '../../src/shared/api/index.js';
import { sameAs, type ValueKind } from '../real-documents/compare-values.js';
import type { DigitalTicket } from '../layouts/zh-ticket-data.js';
import type { ScoredDigitalValue } from './digital-score.js';

/** One ticket 数电票 in one format: the starter ticket category's values. */
export interface TicketScore {
  id: string;
  variant: DigitalTicket['variant'];
  fields: ScoredDigitalValue[];
}

type Kind = ValueKind | 'exact';

// Numbers, names and the masked ID are compared as printed, spaces aside.
const same = (kind: Kind, truth: string, found: string) => (kind === 'exact' ? truth.replace(/\s+/g, '') === found.replace(/\s+/g, '') : sameAs(kind, truth, found));

/** The starter Travel e-ticket category's fields (English names) and the ticket's values; a value not printed (an itinerary's surcharge on a railway ticket, a person's code) is right only left empty. */
function ticketValues(t: DigitalTicket): [string, Kind, string | null][] {
  const air = t.air;
  return [
    ['Invoice number', 'exact', t.number],
    ['Invoice date', 'date', t.date],
    ['Passenger', 'exact', t.passenger],
    ['ID number', 'exact', t.idNumber],
    ['Travel date', 'date', t.travelDate],
    ['Train or flight number', 'exact', t.trip],
    ['Seat class', 'exact', t.seatClass],
    ['Fare', 'amount', t.fare.toFixed(2)],
    ['Fuel surcharge', 'amount', air ? air.fuel.toFixed(2) : null],
    ['Development fund', 'amount', air ? air.fund.toFixed(2) : null],
    ['Total', 'amount', t.total.toFixed(2)],
    ['E-ticket number', 'exact', t.ticketNumber],
    ['Buyer name', 'exact', t.buyer.name],
    ['Buyer tax ID', 'exact', t.buyer.taxId],
  ];
}

export function scoreTicket(id: string, ticket: DigitalTicket, record: FileRecord): TicketScore {
  const found = (name: string) => record.data?.fields.find((f) => f.key === name)?.value ?? '';
  const fields = ticketValues(ticket).map(([name, kind, truth]) => ({ name, truth: truth ?? '', found: found(name), right: truth === null ? found(name) === '' : same(kind, truth, found(name)) }));
  return { id, variant: ticket.variant, fields };
}
