import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * `control` shows `message` as its own error, as every form field does: marked invalid, with the
 * message in the element its aria-errormessage names, and read out with it (aria-describedby).
 */
export async function expectFieldError(control: HTMLElement, message: string): Promise<void> {
  await waitFor(() => expect(control).toHaveAttribute('aria-invalid', 'true'));
  expect(control).toHaveAccessibleErrorMessage(message);
  const errorId = control.getAttribute('aria-errormessage') ?? '';
  expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(errorId);
  expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
}

/** `control` shows no error. */
export function expectNoFieldError(control: HTMLElement): void {
  expect(control).not.toHaveAttribute('aria-invalid');
  expect(control).not.toHaveAttribute('aria-errormessage');
}
