// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { catalogueCars } from '../src/data/cars';
import { fromPrice, lowestPrice } from '../src/features/marketing/offers';

describe('the advertised prices', () => {
  it('take the lowest price of the cars, wherever it is in the list', () => {
    expect(lowestPrice([{ price: 70 }, { price: 45 }, { price: 50 }])).toBe(45);
    expect(lowestPrice([{ price: 1 }, { price: 10_00_000 }])).toBe(1);
    expect(lowestPrice([{ price: 85 }])).toBe(85);
  });

  it('refuse to name a lowest price of no cars', () => {
    expect(() => lowestPrice([])).toThrow('There is no lowest price of no cars.');
  });

  it('say "from" the fleet’s cheapest car, which a renter can book at that price', () => {
    const cheapest = [...catalogueCars].sort((a, b) => a.price - b.price)[0];
    expect(fromPrice).toBe(`From ₹${cheapest?.price}.00 an hour`);
    expect(catalogueCars.every((car) => car.price >= (cheapest?.price ?? 0))).toBe(true);
  });
});
