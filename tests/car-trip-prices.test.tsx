import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listed, swift } from './mocks/answers';
import { renderRoute } from './render';
import { serve } from './mocks/serve';

// The car page states what a trip may cost beside the booking: the deposit held at handover and
// the rates of the extras, at the rates the trip's extras are computed with.

const trips = { depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 };

/** The car page's deposit and extras, once the late fee (which the server's config states) is there. */
async function tripTermsShown(carName: string): Promise<Record<string, string>> {
  await screen.findByRole('heading', { level: 1, name: carName });
  const terms = within(screen.getByLabelText('Deposit and extras'));
  await waitFor(() => expect(terms.getByText('Late return')).toBeInTheDocument());
  return Object.fromEntries(
    terms.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('the car page’s deposit and extras', () => {
  it('shows an owner’s car’s deposit, late fee, price per extra km and fuel price', async () => {
    serve('GET /api/config', { payments: {}, trips });
    serve('GET /api/cars/:carName', { ...listed(swift), extraKmPrice: 1250 });
    serve('GET /api/cars/:carName/availability', { busy: [] });
    renderRoute(`/cars/${swift.id}`);
    // ₹40 an hour at 150 %: ₹60 for each hour started late.
    expect(await tripTermsShown('Maruti Swift')).toEqual({
      'Security deposit': '₹3,000.00, refundable, paid at handover',
      'Late return': '₹60.00 an hour started',
      'Extra km': '₹12.50/km beyond 250 km a day',
      Fuel: '₹500.00 an eighth of a tank below the handover level',
    });
  });

  it('charges a catalogue electric car by its battery, at its body type’s prices, with no km line without a limit', async () => {
    serve('GET /api/config', { payments: {}, trips });
    serve('GET /api/cars/:carName/availability', { busy: [] });
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await tripTermsShown('Tata Nexon EV')).toEqual({
      'Security deposit': '₹7,000.00, refundable, paid at handover',
      'Late return': '₹75.00 an hour started',
      Battery: '₹300.00 a tenth of the battery (each tenth started) below the handover level',
    });
  });

  it('tells the renter at checkout that the deposit is paid at handover, apart from the total', async () => {
    serve('GET /api/config', { payments: {}, trips });
    serve('GET /api/cars/:carName', listed(swift));
    serve('GET /api/cars/:carName/availability', { busy: [] });
    renderRoute(`/cars/${swift.id}`);
    expect(
      await screen.findByText('Refundable security deposit ₹3,000.00, paid at handover: not part of this total.'),
    ).toBeInTheDocument();
  });
});
