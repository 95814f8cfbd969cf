import { describe, expect, it } from 'vitest';
import { dayNumber, dayText, localDay, readClerkDate } from '../../../../src/shared/rule-language/clerk-date.js';

const read = (text: string) => {
  const reading = readClerkDate(text);
  return reading.ok ? dayText(reading.day) : `refused: ${reading.reason}`;
};

describe('readClerkDate: the engine\'s date reading, as a day number', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['2026/3/5', '2026-03-05'],
    ['2026.03.05', '2026-03-05'],
    ['2026年3月5日', '2026-03-05'],
    ['2026 年 03 月 05 日', '2026-03-05'],
    ['２０２６年３月５日', '2026-03-05'],
    ['20260305', '2026-03-05'],
    ['2026-03-05 14:30:00', '2026-03-05'],
    ['2026-03-05T14:30:00Z', '2026-03-05'],
    ['5 March 2026', '2026-03-05'],
    ['5th Mar 2026', '2026-03-05'],
    ['March 5, 2026', '2026-03-05'],
    ['Sept 30, 2026', '2026-09-30'],
    ['2024-02-29', '2024-02-29'],
    ['03/05/2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
  ])('reads %j as %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    ['2026-02-29', "refused: no date of the calendar can be read in '2026-02-29'"],
    ['2026-13-01', "refused: no date of the calendar can be read in '2026-13-01'"],
    ['yesterday', "refused: no date of the calendar can be read in 'yesterday'"],
    ['', 'refused: it is empty'],
  ])('refuses %j', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('counts days so that differences are calendar days', () => {
    expect(dayNumber(2026, 3, 1)! - dayNumber(2026, 2, 28)!).toBe(1);
    expect(dayNumber(2024, 3, 1)! - dayNumber(2024, 2, 28)!).toBe(2);
    expect(dayNumber(1970, 1, 1)).toBe(0);
  });

  it('takes today from the local calendar of the given instant', () => {
    const noon = new Date(2026, 2, 5, 12, 0, 0).getTime();
    expect(dayText(localDay(noon))).toBe('2026-03-05');
  });
});
