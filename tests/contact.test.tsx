import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { fail } from './mocks/routes';
import { serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

describe('contact page', () => {
  it('sends the message and shows the server’s answer', async () => {
    const sent = serve('POST /api/contact', { message: serverSays.contactThanks });
    const { user } = renderRoute('/layout/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Message'), 'Do you have seven-seaters in Pune?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('status')).toHaveTextContent(serverSays.contactThanks);
    expect(sent.map((call) => call.body)).toEqual([
      { name: 'Asha', email: 'asha@example.com', message: 'Do you have seven-seaters in Pune?' },
    ]);
    expect(screen.getByLabelText('Message')).toHaveValue('');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Contact'));
  });

  it('says what went wrong and keeps what was typed', async () => {
    serve('POST /api/contact', fail(429, serverSays.tooManyMessages, { 'Retry-After': '3600' }));
    const { user } = renderRoute('/layout/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.tooManyMessages);
    expect(screen.getByLabelText('Your Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('tells how many characters each field has left, announces it only near the limit, and starts again once sent', async () => {
    serve('POST /api/contact', { message: serverSays.contactThanks });
    const { user } = renderRoute('/layout/contact');
    const name = await screen.findByLabelText('Your Name');
    const message = screen.getByLabelText('Message');
    expect(name).toHaveAccessibleDescription('100 characters left');
    expect(message).toHaveAccessibleDescription('5,000 characters left');
    expect(message).toHaveAttribute('maxlength', '5000');

    await user.type(message, 'Hello');
    expect(message).toHaveAccessibleDescription('4,995 characters left');
    await user.click(name);
    await user.paste('A'.repeat(89));
    expect(name).toHaveAccessibleDescription('11 characters left');
    expect(screen.getByText('11 characters left').closest('[aria-live]')).toBeNull();
    await user.type(name, 'sha');
    expect(name).toHaveAccessibleDescription('8 characters left');
    expect(screen.getByText('8 characters left').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent(serverSays.contactThanks);
    expect(name).toHaveAccessibleDescription('100 characters left');
    expect(message).toHaveAccessibleDescription('5,000 characters left');
  });

  it('shows the place and the social profiles the server names', async () => {
    const social = { facebook: 'https://www.facebook.com/wheelsonweb', linkedin: 'https://www.linkedin.com/company/wheelsonweb' };
    serve('GET /api/config', { payments: {}, social });
    renderRoute('/layout/contact');
    const information = (await screen.findByRole('heading', { name: 'Contact Information' })).parentElement!;
    expect(within(information).getByText('India')).toBeInTheDocument();
    expect(await within(information).findByRole('link', { name: 'WheelsOnWeb on Facebook' })).toHaveAttribute(
      'href',
      social.facebook,
    );
    expect(within(information).getByRole('link', { name: 'WheelsOnWeb on LinkedIn' })).toHaveAttribute('href', social.linkedin);
  });
});

describe('footer newsletter', () => {
  it('signs an email up and says so', async () => {
    const sent = serve('POST /api/newsletter', { message: serverSays.subscribed });
    const { user } = renderRoute('/layout/about');
    const footer = await screen.findByRole('contentinfo');
    await user.type(within(footer).getByLabelText('Email address'), 'asha@example.com');
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));

    expect(await within(footer).findByRole('status')).toHaveTextContent(serverSays.subscribed);
    expect(sent.map((call) => call.body)).toEqual([{ email: 'asha@example.com' }]);
  });

  it('shows the server’s refusal of the email under it', async () => {
    serve('POST /api/newsletter', fail(400, serverSays.notAnEmail));
    const { user } = renderRoute('/layout/about');
    const footer = await screen.findByRole('contentinfo');
    await user.type(within(footer).getByLabelText('Email address'), 'asha@example.com');
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));

    await expectFieldError(within(footer).getByLabelText('Email address'), serverSays.notAnEmail);
    expect(within(footer).getByLabelText('Email address')).toHaveValue('asha@example.com');
    expect(within(footer).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows this year in the copyright line and the head office', async () => {
    renderRoute('/layout/home');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(`Copyright ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('heading', { name: 'Head Office' })).toBeInTheDocument();
  });
});
