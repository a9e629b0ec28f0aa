import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallRequest } from '../src/domain/schemas/messages';
import { renderRoute } from './render';
import { expectFieldError } from './field-errors';
import { fail } from './mocks/routes';
import { serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const PHONE_CHECK = 'Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, with +91 before them if you like.';

/** Opens "Request a call" from the header's top bar and answers its dialog. */
async function openCallRequest() {
  const rendered = renderRoute('/layout/about');
  const banner = await screen.findByRole('banner');
  await rendered.user.click(within(banner).getByRole('button', { name: 'Request a call' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Request a call' }) };
}

describe('Request a call', () => {
  it('asks for a mobile number and sends it to the team as a message asking to be called back', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    const { user, dialog } = await openCallRequest();
    expect(within(dialog).getByLabelText('Your Name')).toHaveAccessibleDescription('100 characters left');
    await user.type(within(dialog).getByLabelText('Your Name'), 'Asha');
    expect(within(dialog).getByLabelText('Your Name')).toHaveAccessibleDescription('96 characters left');
    await user.type(within(dialog).getByLabelText('Mobile number'), '+91 98765 43210');
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Request the call' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(serverSays.contactThanks);
    expect(sent.map((call) => call.body)).toEqual([
      { name: 'Asha', email: 'asha@example.com', message: 'Please call me back on +91 98765 43210.' },
    ]);
  });

  it('refuses a number that is not an Indian mobile under its field, and sends nothing', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    const { user, dialog } = await openCallRequest();
    await user.type(within(dialog).getByLabelText('Your Name'), 'Asha');
    const phone = within(dialog).getByLabelText('Mobile number');
    await user.type(phone, '12345 67890');
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Request the call' }));

    await expectFieldError(phone, PHONE_CHECK);
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    serve('POST /api/contact', fail(429, serverSays.tooManyMessages, { 'Retry-After': '3600' }));
    const { user, dialog } = await openCallRequest();
    await user.type(within(dialog).getByLabelText('Your Name'), 'Asha');
    await user.type(within(dialog).getByLabelText('Mobile number'), '9876543210');
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Request the call' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.tooManyMessages);
    expect(within(dialog).getByLabelText('Mobile number')).toHaveValue('9876543210');
  });
});

describe('an Indian mobile number', () => {
  const check = (phone: string) => CallRequest.safeParse({ name: 'Asha', email: 'asha@example.com', phone }).success;

  it.each(['9876543210', '+91 98765 43210', '+919876543210', '+91-98765-43210', '0 98765 43210', '6000000000'])(
    'takes %s',
    (phone) => expect(check(phone)).toBe(true),
  );

  it.each(['', '5876543210', '987654321', '98765432101', '+1 98765 43210', '+91 98765 4321x', '+91 12345 67890'])(
    'refuses "%s"',
    (phone) => expect(check(phone)).toBe(false),
  );
});
