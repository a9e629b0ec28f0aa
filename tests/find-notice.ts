import { screen } from '@testing-library/react';

/** The announced notice (role="status") that says `text`, once it shows. */
export async function findNotice(text: string): Promise<HTMLElement> {
  const found = (await screen.findByText(text)).closest('[role="status"]');
  if (!(found instanceof HTMLElement)) throw new Error(`"${text}" is not in a status`);
  return found;
}
