import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account, PublicCar } from '../src/domain/contract';
import type { OwnLicence, QueuedLicence } from '../src/domain/schemas/licences';
import { renderRoute } from './render';
import { admin, asha, fleetCar, ravi } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { photoFile } from './photo-files';

const LICENCE = { name: 'Driving licence' };
const section = () => within(screen.getByRole('region', LICENCE));

function signedInAs(account: Account) {
  session(account);
  serve('GET /api/account', { user: account });
}

function licence(change: Partial<OwnLicence> = {}): OwnLicence {
  return {
    status: 'pending',
    number: 'KA0120190012345',
    dateOfBirth: '1990-05-20',
    expiresOn: '2036-05-19',
    olderFormat: false,
    submittedAt: '2026-11-28T10:00:00.000Z',
    rejectionReason: null,
    photos: { front: '/api/licences/1/photos/front', back: '/api/licences/1/photos/back' },
    approvedAtOnce: false,
    ...change,
  };
}

async function fillForm(user: ReturnType<typeof renderRoute>['user'], number = 'KA01 20190012345') {
  await user.type(section().getByLabelText('Licence number'), number);
  await user.type(section().getByLabelText('Date of birth'), '1990-05-20');
  await user.type(section().getByLabelText('Valid until'), '2036-05-19');
  await user.upload(section().getByLabelText('Photo of the front'), photoFile('front.jpg', 'image/jpeg'));
  await user.upload(section().getByLabelText('Photo of the back'), photoFile('back.jpg', 'image/jpeg'));
}

describe('the driving licence on the account page', () => {
  it('sends the number, dates and both photos, then says the licence awaits review', async () => {
    signedInAs(asha);
    const sent = serve('POST /api/account/licence', {
      licence: licence(),
      message: 'Your driving licence is sent: an admin reviews it, and we mail you when it is done.',
    });
    const { user } = renderRoute('/account');
    expect(await screen.findByText('You have not added a driving licence yet.')).toBeInTheDocument();
    await fillForm(user);
    await user.click(section().getByRole('button', { name: 'Send licence' }));
    expect(await section().findByText(/awaits review/)).toHaveTextContent(
      'Your licence KA0120190012345 awaits review. We mail you once an admin has checked it.',
    );
    const form = sent[0]?.body as FormData;
    expect([form.get('number'), form.get('dateOfBirth'), form.get('expiresOn')]).toEqual([
      'KA01 20190012345',
      '1990-05-20',
      '2036-05-19',
    ]);
    for (const side of ['front', 'back']) expect((form.get(side) as File).type).toBe('image/jpeg');
  });

  it("refuses a number of other characters before sending, and shows the server's refusal", async () => {
    signedInAs(asha);
    const sent = serve(
      'POST /api/account/licence',
      fail(400, 'This licence has expired: enter the expiry date of a licence still valid.'),
    );
    const { user } = renderRoute('/account');
    await screen.findByText('You have not added a driving licence yet.');
    await fillForm(user, 'KA01*2019');
    await user.click(section().getByRole('button', { name: 'Send licence' }));
    expect(await section().findByRole('alert')).toHaveTextContent('Enter the licence number as printed');
    expect(sent).toHaveLength(0);

    await user.clear(section().getByLabelText('Licence number'));
    await user.type(section().getByLabelText('Licence number'), 'KA01 20190012345');
    await user.click(section().getByRole('button', { name: 'Send licence' }));
    expect(await section().findByText(/This licence has expired/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('shows a rejection with its reason and the way to send another', async () => {
    signedInAs(asha);
    serve('GET /api/account/licence', {
      licence: licence({ status: 'rejected', rejectionReason: 'The back photo is blurred.' }),
    });
    renderRoute('/account');
    expect(await screen.findByText('Your licence was not approved: The back photo is blurred.')).toBeInTheDocument();
    expect(section().getByRole('heading', { name: 'Send a new or renewed licence' })).toBeInTheDocument();
  });

  it('says an approved licence is approved until its expiry, with the demo banner when approved at once', async () => {
    signedInAs(asha);
    serve('GET /api/account/licence', { licence: licence({ status: 'approved', approvedAtOnce: true }) });
    renderRoute('/account');
    expect(await screen.findByText('Your licence KA0120190012345 is approved until 2036-05-19.')).toBeInTheDocument();
    expect(
      section().getByText(
        'Demo: your licence was approved at once. On a real site, an admin checks the photos and details first.',
      ),
    ).toBeInTheDocument();
  });

  it('is not shown to an owner', async () => {
    signedInAs(ravi);
    renderRoute('/account');
    await screen.findByRole('region', { name: 'Your details' });
    expect(screen.queryByRole('region', LICENCE)).not.toBeInTheDocument();
  });
});

describe('the car page before dates are picked', () => {
  const nexon: PublicCar = fleetCar('Tata Nexon EV');
  const checking = () =>
    serve('GET /api/config', { payments: {}, cancellation: { freeCancelHours: 24, lateRefundBps: 5000 }, licenceCheck: true });

  it.each([
    ['no licence', null, 'Before you book, add your driving licence: our team approves it first.'],
    ['a pending licence', licence(), 'Your driving licence awaits our review: you can book once it is approved.'],
    [
      'a rejected licence',
      licence({ status: 'rejected', rejectionReason: 'Blurred.' }),
      'Your driving licence was not approved: send it again before you book.',
    ],
    [
      'an expired licence',
      licence({ status: 'approved', expiresOn: '2020-01-01' }),
      'Your driving licence expired on 2020-01-01: send your renewed licence before you book.',
    ],
  ])('tells a renter with %s what is missing, with a link to it', async (_case, current, words) => {
    signedInAs(asha);
    checking();
    serve('GET /api/cars/:carName', nexon);
    serve('GET /api/account/licence', { licence: current });
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your driving licence' })).toHaveAttribute('href', '/account#licence');
  });

  it('says nothing is missing for an approved licence, and nothing at all when the server does not check licences', async () => {
    signedInAs(asha);
    serve('GET /api/cars/:carName', nexon);
    serve('GET /api/account/licence', { licence: null });
    renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByRole('heading', { level: 1, name: 'Tata Nexon EV' });
    await screen.findByRole('heading', { name: 'Check Out' });
    expect(screen.queryByRole('link', { name: 'Go to your driving licence' })).not.toBeInTheDocument();
  });
});

describe("the admins' queue of licences", () => {
  const queued = (id: string, username: string, change: Partial<OwnLicence> = {}): QueuedLicence => ({
    ...licence(change),
    id,
    renter: { id: `${id.slice(0, -1)}9`, username, email: `${username}@example.com` },
    photos: { front: `/api/licences/${id}/photos/front`, back: `/api/licences/${id}/photos/back` },
  });
  const first = queued('00000000-0000-4000-8000-000000000001', 'asha', { olderFormat: true });
  const second = queued('00000000-0000-4000-8000-000000000002', 'meera');

  it("shows each licence's photos beside its details, approves one and rejects another with a reason", async () => {
    signedInAs(admin);
    let waiting = [first, second];
    serve('GET /api/admin/licences', () => ({ licences: waiting }));
    const approved = serve('POST /api/admin/licences/:id/approve', ({ params }) => {
      waiting = waiting.filter((entry) => entry.id !== params.id);
      return { ...first, status: 'approved' as const };
    });
    const rejected = serve('POST /api/admin/licences/:id/reject', ({ params }) => {
      waiting = waiting.filter((entry) => entry.id !== params.id);
      return { ...second, status: 'rejected' as const, rejectionReason: 'Blurred.' };
    });
    const { user } = renderRoute('/admin/licences');
    const asha = await screen.findByRole('article', { name: 'asha (asha@example.com)' });
    expect(within(asha).getByRole('img', { name: "Front of asha's driving licence" })).toHaveAttribute('src', first.photos.front);
    expect(within(asha).getByRole('img', { name: "Back of asha's driving licence" })).toBeInTheDocument();
    expect(within(asha).getByText('Older format')).toBeInTheDocument();
    const meera = screen.getByRole('article', { name: 'meera (meera@example.com)' });
    expect(within(meera).queryByText('Older format')).not.toBeInTheDocument();

    await user.click(within(asha).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('article', { name: 'meera (meera@example.com)' })).toBeInTheDocument();
    expect(approved.map((call) => call.params.id)).toEqual([first.id]);

    await user.click(
      within(screen.getByRole('article', { name: 'meera (meera@example.com)' })).getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Reject meera's driving licence?" });
    await user.type(within(dialog).getByRole('textbox'), 'Blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No driving licence awaits review.')).toBeInTheDocument();
    expect(rejected.map((call) => [call.params.id, call.body])).toEqual([[second.id, { reason: 'Blurred.' }]]);
  });
});
