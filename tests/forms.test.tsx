import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../src/domain/contract';
import { expectFieldError, expectNoFieldError } from './field-errors';
import { renderRoute } from './render';
import { asha, ravi, success, swift } from './mocks/answers';
import { fail } from './mocks/routes';
import { acceptRegistration, hold, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

// What every form (src/components/ZodForm.tsx) promises, shown on a few of them: one request per
// press of submit, each invalid field's own error under it, and a server's refusal of a field on it.

/** Signed in as `account`, whose account page loads it. */
function signedInAs(account: Account) {
  session(account);
  serve('GET /api/account', { user: account });
}

const passwordSection = () => within(screen.getByRole('region', { name: 'Change password' }));

describe('one press of submit sends one request', () => {
  it('on the contact form, double-clicked while the first request is on its way', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    const release = hold('POST /api/contact');
    const { user } = renderRoute('/layout/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Message'), 'Two seats?');
    await user.dblClick(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sending…' }));
    release();
    expect(await screen.findByRole('status')).toHaveTextContent(serverSays.contactThanks);
    expect(sent).toHaveLength(1);
  });

  it('on the contact form, double-clicked before its checks have loaded', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    renderRoute('/layout/contact');
    // Filled in without focusing a field (as a browser's autofill may), so the first press loads the checks.
    fireEvent.change(await screen.findByLabelText('Your Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Two seats?' } });
    const send = screen.getByRole('button', { name: 'Send Message' });
    fireEvent.click(send);
    fireEvent.click(send);

    expect(await screen.findByRole('status')).toHaveTextContent(serverSays.contactThanks);
    expect(sent.map((call) => call.body)).toEqual([{ name: 'Asha', email: 'asha@example.com', message: 'Two seats?' }]);
  });

  it('on the contact form, sent twice before the page has drawn again', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    const { user } = renderRoute('/layout/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Message'), 'Two seats?');
    // Two submit events in one go, before the disabled button can be drawn: the second finds the form busy.
    const form = screen.getByRole('form', { name: 'Contact us' });
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByRole('status')).toHaveTextContent(serverSays.contactThanks);
    expect(sent).toHaveLength(1);
  });

  it('on the sign-up form, with Enter pressed twice', async () => {
    const sent = acceptRegistration(session(null), 'POST /register/user', asha);
    const release = hold('POST /register/user');
    const { router, user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('Username'), 'dev');
    await user.type(screen.getByLabelText('Email'), 'dev@example.com');
    await user.type(screen.getByLabelText('Password'), 'dev-pass-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'dev-pass-123{Enter}{Enter}');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled());
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(sent).toHaveLength(1);
  });

  it('on the change-password form of a signed-in page', async () => {
    signedInAs(ravi);
    const sent = serve('POST /api/account/password', { message: serverSays.passwordChanged });
    const release = hold('POST /api/account/password');
    const { user } = renderRoute('/account');
    await user.type(await screen.findByLabelText('Current password'), 'the-old-secret');
    await user.type(passwordSection().getByLabelText('New password'), 'a-new-secret-1');
    await user.type(passwordSection().getByLabelText('Confirm new password'), 'a-new-secret-1');
    await user.dblClick(passwordSection().getByRole('button', { name: 'Change password' }));

    expect(await passwordSection().findByRole('button', { name: 'Changing...' })).toBeDisabled();
    release();
    expect(await passwordSection().findByRole('status')).toHaveTextContent(serverSays.passwordChanged);
    expect(sent).toHaveLength(1);
  });
});

describe('each invalid field shows its own error', () => {
  it('on the contact form, every field at once, the first focused, and nothing sent', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    const { user } = renderRoute('/layout/contact');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));

    await expectFieldError(screen.getByLabelText('Your Name'), 'Your name must not be empty.');
    await expectFieldError(screen.getByLabelText('Email'), 'Email must be an email address.');
    await expectFieldError(screen.getByLabelText('Message'), 'Message must not be empty.');
    const errorIds = ['Your Name', 'Email', 'Message'].map((label) =>
      screen.getByLabelText(label).getAttribute('aria-errormessage'),
    );
    expect(new Set(errorIds).size).toBe(3);
    await waitFor(() => expect(screen.getByLabelText('Your Name')).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('on the sign-up form, each under its own field and before the field’s hint, and gone once the field is right', async () => {
    const sent = serve('POST /register/user', { message: serverSays.registeredUser, user: asha });
    const { user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await expectFieldError(screen.getByLabelText('Username'), 'Username must not be empty.');
    await expectFieldError(screen.getByLabelText('Email'), 'Email must be an email address.');
    await expectFieldError(screen.getByLabelText('Password'), 'Password must be at least 8 characters.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters. At least 8 characters.',
    );
    expectNoFieldError(screen.getByLabelText('Confirm Password'));

    await user.type(screen.getByLabelText('Username'), 'dev');
    await waitFor(() => expectNoFieldError(screen.getByLabelText('Username')));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });
});

describe('a refusal from the server that names a field', () => {
  it('shows under that field, focused, instead of in the form’s alert', async () => {
    session(ravi);
    // An address the app's check lets through and the server refuses.
    serve('POST /add-cars', fail(400, serverSays.badCarUrl));
    serve('GET /get-cars', success([swift]));
    const { user } = renderRoute('/renting');
    await user.type(await screen.findByLabelText('Picture address'), 'https://example.com/kwid.jpg');
    await user.type(screen.getByLabelText('Car Name'), 'Renault Kwid');
    await user.type(screen.getByLabelText('Any Description'), 'Small and thrifty.');
    await user.type(screen.getByLabelText('Price'), '700');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const picture = screen.getByLabelText('Picture address');
    await expectFieldError(picture, serverSays.badCarUrl);
    await waitFor(() => expect(picture).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expectNoFieldError(screen.getByLabelText('Car Name'));
  });

  it('stays in the alert, in vague words, on the sign-in form', async () => {
    serve('POST /carsSchema', fail(400, 'Password must be at most 1000 characters.'));
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    expectNoFieldError(screen.getByLabelText('Password'));
  });

  it('that names no field stays in the form’s alert', async () => {
    serve('POST /register/user', fail(409, serverSays.alreadyRegistered));
    const { user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'asha-pass-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'asha-pass-123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.alreadyRegistered);
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) expectNoFieldError(screen.getByLabelText(label));
  });
});
