// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { periodProblems } from '../src/domain/booking-period';

const NOW = new Date('2030-01-31T10:00:00+05:30');
const at = (india: string) => new Date(`${india}:00+05:30`);
const ids = (from: Date, to: Date) => periodProblems(from, to, NOW).map(({ end, message }) => [end, message.id]);

describe('periodProblems', () => {
  it('takes a period of whole hours up to 720 from now on, in any time zone', () => {
    expect(ids(at('2030-01-31T10:00'), at('2030-01-31T11:00'))).toEqual([]);
    expect(ids(at('2030-01-31T10:00'), at('2030-03-01T10:00'))).toEqual([]);
    // A start a few minutes gone is the time a request takes.
    expect(ids(at('2030-01-31T09:56'), at('2030-02-01T10:00'))).toEqual([]);
  });

  it('says which end breaks which rule, in the order the server refuses them', () => {
    expect(ids(at('2030-02-01T10:00'), at('2030-02-01T10:00'))).toEqual([['to', 'checks.period.endBeforeStart']]);
    expect(ids(at('2030-02-01T10:00'), at('2030-02-01T10:59'))).toEqual([['to', 'checks.period.underAnHour']]);
    expect(ids(at('2030-02-01T10:00'), at('2030-03-03T11:00'))).toEqual([['to', 'checks.period.bookingTooLong']]);
    expect(ids(at('2030-01-30T10:00'), at('2030-01-29T10:00'))).toEqual([
      ['to', 'checks.period.endBeforeStart'],
      ['from', 'checks.period.startPast'],
    ]);
    expect(periodProblems(at('2030-02-01T10:00'), at('2030-03-03T11:00'), NOW)[0]?.message.values).toEqual({
      hours: 720,
      days: 30,
    });
  });
});
