import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../src/domain/contract';
import { renderRoute } from './render';
import { asha } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

const VERIFIED_AT = '2026-11-28T10:00:00.000Z';

function signedInAs(account: Account) {
  session(account);
  serve('GET /api/account', { user: account });
}

const SECTION = { name: 'Verify your phone number' };
const phone = () => within(screen.getByRole('region', SECTION));
/** The account page, once it has loaded the account. */
async function openAccountPage() {
  const rendered = renderRoute('/account');
  await screen.findByRole('region', SECTION);
  return rendered;
}

describe('verifying the phone number on the account page', () => {
  it('texts a code to the mobile typed, then verifies it with the code, showing the number verified', async () => {
    signedInAs(asha);
    const sent = serve('POST /api/account/phone/code', {
      message: serverSays.codeTexted,
      queued: false,
      expiresAt: '2026-11-28T10:10:00.000Z',
    });
    const confirmed = serve('POST /api/account/phone/confirm', {
      message: serverSays.phoneVerified,
      user: { ...asha, phoneNumber: '+91 98765 01234', phoneVerifiedAt: VERIFIED_AT },
    });
    const { user } = await openAccountPage();

    expect(await phone().findByText('Your phone number is not verified yet.')).toBeInTheDocument();
    expect(phone().queryByLabelText('Code from the text')).not.toBeInTheDocument();
    await user.type(phone().getByLabelText('Mobile number'), '98765 01234');
    await user.click(phone().getByRole('button', { name: 'Text me a code' }));
    expect(await phone().findByText(serverSays.codeTexted)).toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([{ phoneNumber: '98765 01234' }]);

    await user.type(phone().getByLabelText('Code from the text'), '123 456');
    await user.click(phone().getByRole('button', { name: 'Verify' }));
    // The status line says what the server said: the number, verified.
    expect(await phone().findByText(serverSays.phoneVerified)).toBeInTheDocument();
    expect(confirmed.map((call) => call.body)).toEqual([{ code: '123 456' }]);
    // The details form shows the verified number, so saving the details keeps it.
    expect(within(screen.getByRole('region', { name: 'Your details' })).getByLabelText('Phone number')).toHaveValue(
      '+91 98765 01234',
    );
    expect(phone().queryByLabelText('Code from the text')).not.toBeInTheDocument();
  });

  it('says the text may take a minute when the server queued it', async () => {
    signedInAs(asha);
    serve('POST /api/account/phone/code', {
      message: serverSays.codeQueued,
      queued: true,
      expiresAt: '2026-11-28T10:10:00.000Z',
    });
    const { user } = await openAccountPage();

    await user.type(await phone().findByLabelText('Mobile number'), '9876501234');
    await user.click(phone().getByRole('button', { name: 'Text me a code' }));
    expect(await phone().findByText(/it may take a minute to arrive/)).toBeInTheDocument();
  });

  it('refuses a number that is not an Indian mobile, and a code that is not 6 digits, without asking the server', async () => {
    signedInAs(asha);
    const sent = serve('POST /api/account/phone/code', {
      message: serverSays.codeTexted,
      queued: false,
      expiresAt: '2026-11-28T10:10:00.000Z',
    });
    const confirmed = serve('POST /api/account/phone/confirm', fail(400, serverSays.wrongCode));
    const { user } = await openAccountPage();

    await user.type(await phone().findByLabelText('Mobile number'), '011 2345 6789');
    await user.click(phone().getByRole('button', { name: 'Text me a code' }));
    await expectFieldError(
      phone().getByLabelText('Mobile number'),
      'Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, with +91 before them if you like.',
    );
    expect(sent).toEqual([]);

    await user.clear(phone().getByLabelText('Mobile number'));
    await user.type(phone().getByLabelText('Mobile number'), '9876501234');
    await user.click(phone().getByRole('button', { name: 'Text me a code' }));
    await phone().findByLabelText('Code from the text');
    await user.type(phone().getByLabelText('Code from the text'), '12a4');
    await user.click(phone().getByRole('button', { name: 'Verify' }));
    await expectFieldError(phone().getByLabelText('Code from the text'), 'Enter the 6-digit code from the text message.');
    expect(confirmed).toEqual([]);

    // A wrong code is the server's to know: its words show beside the form, which keeps the code typed.
    await user.clear(phone().getByLabelText('Code from the text'));
    await user.type(phone().getByLabelText('Code from the text'), '000000');
    await user.click(phone().getByRole('button', { name: 'Verify' }));
    expect(await phone().findByRole('alert')).toHaveTextContent(serverSays.wrongCode);
    expect(phone().getByLabelText('Code from the text')).toHaveValue('000000');
  });

  it('shows a verified number as verified', async () => {
    signedInAs({ ...asha, phoneNumber: '+91 98765 01234', phoneVerifiedAt: VERIFIED_AT });
    await openAccountPage();
    expect(await phone().findByText('Your phone number +91 98765 01234 is verified.')).toBeInTheDocument();
  });

  it('says where a demo server writes the code, since it sends no text', async () => {
    signedInAs(asha);
    serve('GET /api/config', { payments: {}, demo: true });
    await openAccountPage();
    expect(await phone().findByText(/This is a demo: no text is sent\./)).toBeInTheDocument();
  });
});
