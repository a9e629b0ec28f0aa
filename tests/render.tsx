import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../src/lib/auth/session';
import { routes } from '../src/app/routes';

/** Renders the whole app at `path`, as a person opening that address would see it (against the MSW-faked API). */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return { ...utils, router, user };
}
