import { describe, expect, it } from 'vitest';
import { monthBounds, monthOf, monthsEndingWith, ReportQuerySchema } from './report-query';

describe('report months', () => {
  it('bounds a month in UTC, December into January', () => {
    expect(monthBounds('2026-12')).toEqual({
      from: new Date('2026-12-01T00:00:00.000Z'),
      to: new Date('2027-01-01T00:00:00.000Z'),
    });
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
  });

  it('lists the twelve months ending with one, across a year', () => {
    expect(monthsEndingWith('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsEndingWith('2026-09', 12)).toHaveLength(12);
  });

  it.each(['2026-13', '2026-00', '26-01', '2026-1', 'now'])('refuses the month %s', (month) => {
    expect(ReportQuerySchema.safeParse({ month }).error?.issues[0]?.message).toBe('Choose a month as YYYY-MM');
  });
});
