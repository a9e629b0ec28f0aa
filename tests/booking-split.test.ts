// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bookingSplit, FLEET_RATES } from '#domain/booking-split';

describe('bookingSplit', () => {
  it("gives the platform its commission of the pre-tax price and the owner the rest, driver included, tax nobody's share", () => {
    // 3 hours × (₹200 + ₹30 driver) = ₹690, with ₹124.20 GST.
    expect(bookingSplit({ total: 690, taxPaise: 12_420 }, { commissionBps: 2000, tdsBps: 0 })).toEqual({
      grossPaise: 69_000,
      taxPaise: 12_420,
      amountPaise: 81_420,
      platformPaise: 13_800,
      ownerSharePaise: 55_200,
      tdsPaise: 0,
      ownerNetPaise: 55_200,
    });
  });

  it('withholds tax from the owner’s share, rounding each share half up to the paisa', () => {
    // 12.5 % of ₹333 is ₹41.625, so ₹41.63; 1 % of the ₹291.37 left is 291.37 paise, so 291.
    expect(bookingSplit({ total: 333, taxPaise: 0 }, { commissionBps: 1250, tdsBps: 100 })).toMatchObject({
      platformPaise: 4163,
      ownerSharePaise: 29_137,
      tdsPaise: 291,
      ownerNetPaise: 28_846,
    });
  });

  it('leaves nothing to an owner of a fleet car, and every paisa is someone’s', () => {
    expect(bookingSplit({ total: 4999, taxPaise: 89_982 }, FLEET_RATES)).toMatchObject({
      platformPaise: 499_900,
      ownerSharePaise: 0,
      ownerNetPaise: 0,
    });
    for (const total of [0, 1, 7, 999, 123_457]) {
      const split = bookingSplit({ total, taxPaise: 5 }, { commissionBps: 1733, tdsBps: 37 });
      expect(split.platformPaise + split.tdsPaise + split.ownerNetPaise + split.taxPaise).toBe(split.amountPaise);
    }
  });
});
