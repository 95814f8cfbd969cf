import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../bench/corpus/rng.js';
import { randomAirItinerary, randomRailTicket } from '../../../../bench/layouts/zh-ticket-data.js';
import { digitalNumberProblems, isDigitalNumber } from '../../../../src/engine/pipeline/invoice/digital-number.js';
import { checkTaxId } from '../../../../src/shared/invoice/tax-id.js';

describe('generated 数电票 tickets', () => {
  const rail = Array.from({ length: 40 }, (_, i) => randomRailTicket(new Rng(3).fork(i + 1)));
  const air = Array.from({ length: 40 }, (_, i) => randomAirItinerary(new Rng(3).fork(i + 1)));

  it('gives 20-digit numbers of the issuing year and a region, valid buyer codes, and resident ID numbers masked to their 18 characters', () => {
    for (const t of [...rail, ...air]) {
      expect(isDigitalNumber(t.number)).toBe(true);
      expect(digitalNumberProblems(t.number, Number(t.date.slice(0, 4)))).toEqual([]);
      if (t.buyer.taxId) expect(checkTaxId(t.buyer.taxId)).toEqual({ valid: true });
      else expect(t.buyer.name).toBe(t.passenger);
      expect(t.idNumber).toMatch(/^(?:\d{10}\*{4}|\d{6}\*{8})\d{3}[\dX]$/u);
      expect(t.travelDate <= t.date).toBe(true);
    }
  });

  it('prices a railway ticket by its fare alone (its e-ticket number 25 characters), and an itinerary as fare, fuel surcharge, 9% VAT on both and the development fund (its e-ticket number 13 digits)', () => {
    for (const t of rail) {
      expect([t.total, t.air]).toEqual([t.fare, undefined]);
      expect(t.ticketNumber).toMatch(/^[0-9A-Z]{25}$/u);
    }
    for (const t of air) {
      const a = t.air!;
      expect(a.tax).toBeCloseTo(((t.fare + a.fuel) * a.rate) / 100, 2);
      expect(t.total).toBeCloseTo(t.fare + a.fuel + a.tax + a.fund + a.otherTax, 2);
      expect(t.ticketNumber).toMatch(/^\d{13}$/u);
    }
    expect(new Set(rail.map((t) => t.seatClass)).size).toBeGreaterThan(3);
  });
});
