// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cancellationRefund, DEFAULT_CANCELLATION_POLICY } from '../src/domain/cancellation';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const from = new Date('2026-03-10T04:30:00.000Z');
/** ₹690 and ₹124.20 GST: ₹814.20. */
const booking = { total: 690, taxPaise: 12_420 };
const ahead = (ms: number) => new Date(from.getTime() - ms);
const policy = DEFAULT_CANCELLATION_POLICY;

describe('cancellationRefund', () => {
  it('gives a renter everything back exactly FREE_CANCEL_HOURS before the start', () => {
    expect(cancellationRefund(policy, booking, { from }, ahead(24 * HOUR), 'renter', 'accepted')).toEqual({
      basePaise: 69_000,
      taxPaise: 12_420,
      amountPaise: 81_420,
      whole: true,
    });
  });

  it('gives back half the price and half its tax a minute later, and until the start', () => {
    const half = { basePaise: 34_500, taxPaise: 6_210, amountPaise: 40_710, whole: false };
    expect(cancellationRefund(policy, booking, { from }, ahead(24 * HOUR - MINUTE), 'renter', 'accepted')).toEqual(half);
    expect(cancellationRefund(policy, booking, { from }, ahead(1), 'renter', 'accepted')).toEqual(half);
  });

  it('gives nothing back from the start', () => {
    expect(cancellationRefund(policy, booking, { from }, from, 'renter', 'accepted')).toEqual({
      basePaise: 0,
      taxPaise: 0,
      amountPaise: 0,
      whole: false,
    });
  });

  it('rounds each share half up to the paisa', () => {
    const odd = { total: 691, taxPaise: 12_439 };
    const refund = cancellationRefund(
      { freeCancelHours: 24, lateRefundBps: 3333 },
      odd,
      { from },
      ahead(HOUR),
      'renter',
      'accepted',
    );
    expect(refund).toMatchObject({ basePaise: 23_031, taxPaise: 4_146, amountPaise: 27_177 });
  });

  it('is whole for a request not yet accepted, an owner’s or an admin’s cancellation, and a booking made before the policy', () => {
    const late = ahead(HOUR);
    expect(cancellationRefund(policy, booking, { from }, late, 'renter', 'requested').whole).toBe(true);
    expect(cancellationRefund(policy, booking, { from }, late, 'carKeeper', 'accepted').whole).toBe(true);
    expect(cancellationRefund(policy, booking, { from }, late, 'admin', 'accepted').whole).toBe(true);
    expect(cancellationRefund(null, booking, { from }, late, 'renter', 'accepted').whole).toBe(true);
  });
});
