import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { serve } from './mocks/serve';

const support = {
  phone: '+91 80 4567 8900',
  email: 'help@wheelsonweb.in',
  address: '4th Floor, 27 Residency Road, Bengaluru 560025',
};

/** The contact page's "Contact Information" block. */
async function contactInformation(): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: 'Contact Information' })).parentElement!;
}

describe('the support phone, email and address from the server’s settings', () => {
  it('shows them in the footer, on the contact page and on the about page, as links to call and write', async () => {
    serve('GET /api/config', { payments: {}, support });
    const contact = renderRoute('/layout/contact');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: support.phone })).toHaveAttribute('href', 'tel:+918045678900');
    expect(footer).toHaveTextContent(`Phone: ${support.phone}`);
    expect(within(footer).getByRole('link', { name: support.email })).toHaveAttribute('href', `mailto:${support.email}`);
    expect(footer).toHaveTextContent(`Email: ${support.email}`);
    expect(within(footer).getByText(support.address)).toBeInTheDocument();
    const information = await contactInformation();
    expect(within(information).getByText(support.address)).toBeInTheDocument();
    expect(within(information).getByRole('link', { name: support.phone })).toHaveAttribute('href', 'tel:+918045678900');
    expect(within(information).getByRole('link', { name: support.email })).toHaveAttribute('href', `mailto:${support.email}`);

    contact.unmount();
    renderRoute('/layout/about');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Need any help?')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: support.phone })).toHaveAttribute('href', 'tel:+918045678900');
  });

  it('shows no phone, email or address anywhere when none is set: no placeholder, no empty row', async () => {
    const asked = serve('GET /api/config', { payments: {} });
    const contact = renderRoute('/layout/contact');
    const footer = await screen.findByRole('contentinfo');
    const information = await contactInformation();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    for (const part of [footer, information]) {
      expect(part).not.toHaveTextContent(/Phone:|Email:|00000|example\.com|Road|\d{6}/);
      expect(within(part).queryByRole('link', { name: /^\+|@/ })).not.toBeInTheDocument();
    }
    expect(document.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
    const asks = asked.length;

    contact.unmount();
    renderRoute('/layout/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await waitFor(() => expect(asked.length).toBeGreaterThan(asks));
    expect(screen.queryByText('Need any help?')).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('shows the email alone when only the email is set', async () => {
    serve('GET /api/config', { payments: {}, support: { email: support.email } });
    renderRoute('/layout/contact');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: support.email })).toBeInTheDocument();
    expect(footer).not.toHaveTextContent('Phone:');
    expect(within(await contactInformation()).queryByRole('link', { name: /^\+/ })).not.toBeInTheDocument();
  });
});
