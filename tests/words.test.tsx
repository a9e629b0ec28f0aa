import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t, Words } from '../src/app/menu-words';
import { translate } from '../src/lib/i18n';

// The app's words come from the catalogue by id; what a person typed goes into them unchanged.

describe('words from the catalogue', () => {
  it('place a value in its message', () => {
    expect(t('menu.toggleName', { username: 'asha' })).toBe('Signed in as asha');
  });

  it('keep a backslash a person typed, rather than read \\u0041 as a letter', () => {
    expect(t('menu.toggleName', { username: 'a\\u0041\\x41' })).toBe('Signed in as a\\u0041\\x41');
    const { container } = render(
      <p>
        <Words id="menu.signedInAs" values={{ username: 'b\\u0042' }} components={{ 0: <strong /> }} />
      </p>,
    );
    expect(container.textContent).toBe('Signed in as b\\u0042');
    expect(container.querySelector('strong')?.textContent).toBe('b\\u0042');
  });

  it('leave a server sentence as it is, and word an id', () => {
    expect(translate('That booking is not yours.')).toBe('That booking is not yours.');
    expect(translate('common.layout.skipToContent')).toBe('Skip to content');
  });
});
