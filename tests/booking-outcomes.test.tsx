import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderRoute } from './render';
import { asha, booking, paged } from './mocks/answers';
import { serve, session } from './mocks/serve';

// The other tests of My bookings are in bookings.test.tsx; these cover the ends the server reaches on its own.

it('shows the renter why the server declined their request, with no step left to take', async () => {
  session(asha);
  serve('GET /api/bookings', () =>
    paged([booking({ status: 'declined', declineReason: 'Another request for this period was accepted.' })]),
  );
  renderRoute('/bookings');

  const item = await screen.findByRole('listitem');
  expect(item).toHaveTextContent('declined');
  expect(within(item).getByText('Another request for this period was accepted.')).toBeInTheDocument();
  expect(within(item).queryByRole('button')).not.toBeInTheDocument();
});

it('shows an expired request as expired, with no step left to take', async () => {
  session(asha);
  serve('GET /api/bookings', () => paged([booking({ status: 'expired' })]));
  renderRoute('/bookings');

  const item = await screen.findByRole('listitem');
  expect(within(item).getByText('expired')).toBeInTheDocument();
  expect(within(item).queryByRole('button')).not.toBeInTheDocument();
});
