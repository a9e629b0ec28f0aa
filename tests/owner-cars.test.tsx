import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { findNotice } from './find-notice';
import { renderRoute } from './render';

type User = ReturnType<typeof renderRoute>['user'];
import { creta, ravi, success, swift, uuid } from './mocks/answers';
import { API } from './mocks/api';
import { fail, unreachable } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

/** ravi's list: the Swift (newest) and the Creta. */
const ravisCars = success([swift, creta]);

async function findCard(carname: string): Promise<HTMLElement> {
  await screen.findByRole('heading', { name: carname });
  return card(carname);
}

/** Asks DELETE SELECTED and answers the dialog named `question` with `answer`. */
async function deleteSelected(user: User, question: string, answer: string) {
  await user.click(screen.getByRole('button', { name: 'DELETE SELECTED' }));
  const dialog = await screen.findByRole('dialog', { name: question });
  await user.click(within(dialog).getByRole('button', { name: answer }));
  return dialog;
}

function card(carname: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: carname });
  const found = heading.closest('.card');
  if (!(found instanceof HTMLElement)) throw new Error(`no card around ${carname}`);
  return found;
}

describe('Your Cars (/get/cars)', () => {
  beforeEach(() => {
    session(ravi);
  });

  it("shows a spinner, then only the signed-in owner's cars with image, text, price and EDIT link", async () => {
    serve('GET /get-cars', ravisCars);
    renderRoute('/get/cars');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');

    expect(await screen.findByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
    const swiftCard = card('Maruti Swift');
    expect(within(swiftCard).getByRole('img', { name: 'Maruti Swift' })).toHaveAttribute('src', '/uploads/maruti-swift.jpg');
    expect(within(swiftCard).getByText('A nippy hatchback, serviced last month, ideal for city errands.')).toBeInTheDocument();
    expect(within(swiftCard).getByText('₹40.00 / hour')).toBeInTheDocument();
    expect(within(swiftCard).getByRole('link', { name: 'Edit Maruti Swift' })).toHaveAttribute('href', `/get/car/${swift.id}`);

    expect(within(card('Hyundai Creta')).getByText('₹65.00 / hour')).toBeInTheDocument();
    // That an owner sees only their own cars is the server's rule: tests/contract/cars.test.ts checks it.
    expect(screen.getAllByRole('link', { name: /^Edit / }).map((link) => link.getAttribute('href'))).toEqual([
      `/get/car/${swift.id}`,
      `/get/car/${creta.id}`,
    ]);
    expect(document.title).toBe('WheelsOnWeb - Your Cars');
  });

  it('shows a car by its cover photo once it has uploaded photos, as renters see it, not by its pasted link', async () => {
    const key = 'c'.repeat(32);
    const cover = {
      id: uuid(990),
      url: `/uploads/${key}-1200.webp`,
      srcset: `/uploads/${key}-400.webp 400w, /uploads/${key}-1200.webp 1200w`,
      width: 1200,
      height: 750,
    };
    serve('GET /get-cars', success([{ ...swift, photos: [cover] }, creta]));
    renderRoute('/get/cars');
    const image = within(await findCard('Maruti Swift')).getByRole('img', { name: 'Maruti Swift' });
    expect(image).toHaveAttribute('src', `${API}${cover.url}`);
    expect(image).toHaveAttribute('srcset', cover.srcset.replaceAll('/uploads/', `${API}/uploads/`));
  });

  it('links to adding a car and back home', async () => {
    serve('GET /get-cars', ravisCars);
    renderRoute('/get/cars');
    await screen.findByRole('heading', { name: 'Maruti Swift' });
    expect(screen.getByRole('link', { name: 'Add Cars' })).toHaveAttribute('href', '/renting');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/layout/home');
  });

  it('shows DELETE SELECTED only while at least one car is ticked', async () => {
    serve('GET /get-cars', ravisCars);
    const { user } = renderRoute('/get/cars');
    const swift = await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' });
    const creta = screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' });
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();

    await user.click(swift);
    await user.click(creta);
    expect(screen.getByRole('button', { name: 'DELETE SELECTED' })).toBeInTheDocument();

    await user.click(swift);
    expect(swift).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'DELETE SELECTED' })).toBeInTheDocument();

    await user.click(creta);
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();
  });

  it('deletes the ticked cars, reloads the list and clears the selection', async () => {
    let cars = [swift, creta];
    const loads = serve('GET /get-cars', () => success(cars));
    const deletes = serve('POST /delete-cars', () => {
      cars = [creta];
      return {
        code: 200,
        message: 'delete success',
        data: {
          deletedCount: 1,
          results: [{ id: swift.id, carName: swift.carname, outcome: 'deleted' as const, declinedRequests: 0 }],
        },
      };
    });
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    loads.splice(0);

    await deleteSelected(user, 'Delete 1 car: Maruti Swift?', 'Delete 1 car');

    expect(await findNotice('1 car deleted.')).toHaveTextContent('Maruti Swift — deleted');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Maruti Swift' })).not.toBeInTheDocument();
    expect(deletes.map((call) => call.body)).toEqual([[swift.id]]);
    expect(loads).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Hyundai Creta' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();
  });

  it('keeps the cars and the selection when the delete fails, and says why', async () => {
    serve('GET /get-cars', ravisCars);
    serve('POST /delete-cars', fail(404, serverSays.nothingDeleted));
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    const dialog = await deleteSelected(user, 'Delete 1 car: Maruti Swift?', 'Delete 1 car');

    // Said in the dialog, where the owner is looking.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.nothingDeleted);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/deleted\.$/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Delete Maruti Swift' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'DELETE SELECTED' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
  });

  it('reports what happened to each car after DELETE SELECTED: deleted, or archived with its requests declined', async () => {
    let cars = [swift, creta];
    serve('GET /get-cars', () => success(cars));
    serve('POST /delete-cars', () => {
      cars = [];
      return {
        code: 200,
        message: 'delete success',
        data: {
          deletedCount: 2,
          results: [
            { id: swift.id, carName: 'Maruti Swift', outcome: 'deleted' as const, declinedRequests: 0 },
            { id: creta.id, carName: 'Hyundai Creta', outcome: 'archived' as const, declinedRequests: 2 },
          ],
        },
      };
    });
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    await user.click(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' }));
    await deleteSelected(user, 'Delete 2 cars: Maruti Swift and Hyundai Creta?', 'Delete 2 cars');

    const report = await findNotice('2 cars deleted.');
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Maruti Swift — deleted', 'Hyundai Creta — archived, 2 requests declined']);
    expect(report).toHaveTextContent("its bookings' receipts still show it");
    expect(await screen.findByText(/No cars yet/)).toBeInTheDocument();

    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    expect(report).toBeEmptyDOMElement();
  });

  it('says a lone declined request in the singular', async () => {
    serve('GET /get-cars', ravisCars);
    serve('POST /delete-cars', {
      code: 200,
      message: 'delete success',
      data: { deletedCount: 1, results: [{ id: creta.id, carName: 'Hyundai Creta', outcome: 'archived', declinedRequests: 1 }] },
    });
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Hyundai Creta' }));
    await deleteSelected(user, 'Delete 1 car: Hyundai Creta?', 'Delete 1 car');
    expect(await findNotice('1 car deleted.')).toHaveTextContent('Hyundai Creta — archived, 1 request declined');
  });

  it("shows the server's refusal of a car still booked, and keeps every car and the selection", async () => {
    // The server names the car and the booking's dates in India time (server/tests/car-lifecycle.test.ts).
    const refusal =
      'Nothing was deleted: Hyundai Creta is booked from Jan 31 2030 10:00 to Jan 31 2030 14:00 (India time). A car with an accepted booking that has not ended cannot be removed; pause it to take no new bookings.';
    serve('GET /get-cars', ravisCars);
    serve('POST /delete-cars', fail(409, refusal));
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    await user.click(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' }));
    const dialog = await deleteSelected(user, 'Delete 2 cars: Maruti Swift and Hyundai Creta?', 'Delete 2 cars');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByText(/cars deleted\.$/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Delete Maruti Swift' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Hyundai Creta' })).toBeInTheDocument();
  });

  it('asks before deleting, naming the cars and what becomes of their requests, and Cancel keeps them', async () => {
    serve('GET /get-cars', ravisCars);
    const deletes = serve('POST /delete-cars', fail(500, serverSays.serverFault));
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    await user.click(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' }));
    const dialog = await deleteSelected(user, 'Delete 2 cars: Maruti Swift and Hyundai Creta?', 'Cancel');

    expect(dialog).toHaveTextContent('Open rental requests for these cars are declined, and their renters are told why.');
    expect(dialog).toHaveTextContent('If any of them has an accepted booking that has not ended, nothing is deleted');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Delete Maruti Swift' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' })).toBeChecked();
  });

  it('selects every car with Select all, says how many are selected, and clears them all', async () => {
    serve('GET /get-cars', ravisCars);
    const { user } = renderRoute('/get/cars');
    const all = await screen.findByRole('checkbox', { name: 'Select all' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAccessibleDescription('0 of 2 cars selected');

    await user.click(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' }));
    expect(all).toHaveAccessibleDescription('1 of 2 cars selected');
    expect(all).toBePartiallyChecked();

    await user.click(all);
    expect(all).toBeChecked();
    expect(all).toHaveAccessibleDescription('2 of 2 cars selected');
    expect(screen.getByRole('checkbox', { name: 'Delete Maruti Swift' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'DELETE SELECTED' }));
    expect(await screen.findByRole('dialog', { name: 'Delete 2 cars: Maruti Swift and Hyundai Creta?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(all);
    expect(all).not.toBeChecked();
    expect(all).toHaveAccessibleDescription('0 of 2 cars selected');
    expect(screen.getByRole('checkbox', { name: 'Delete Maruti Swift' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();
  });

  it('pauses a car, showing it as Paused with a Resume button, and resumes it', async () => {
    let cars = [swift, creta];
    const setPaused = (paused: boolean) => () => {
      cars = cars.map((car) => (car.id === swift.id ? { ...car, paused } : car));
      return { ...swift, paused };
    };
    serve('GET /get-cars', () => success(cars));
    const pauses = serve('POST /api/cars/:id/pause', setPaused(true));
    const resumes = serve('POST /api/cars/:id/resume', setPaused(false));
    const { user } = renderRoute('/get/cars');
    await screen.findByRole('heading', { name: 'Maruti Swift' });
    expect(within(card('Maruti Swift')).queryByText('Paused')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause Maruti Swift' }));
    const resume = await screen.findByRole('button', { name: 'Resume Maruti Swift' });
    expect(await findNotice('Maruti Swift is paused.')).toBeInTheDocument();
    expect(pauses.map((call) => call.params.id)).toEqual([swift.id]);
    expect(within(card('Maruti Swift')).getByText('Paused')).toBeInTheDocument();
    expect(card('Maruti Swift')).toHaveTextContent('Hidden from renters and not bookable; accepted bookings stand.');
    expect(within(card('Hyundai Creta')).queryByText('Paused')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause Hyundai Creta' })).toBeInTheDocument();

    await user.click(resume);
    expect(await screen.findByRole('button', { name: 'Pause Maruti Swift' })).toBeInTheDocument();
    expect(await findNotice('Maruti Swift is resumed.')).toBeInTheDocument();
    expect(screen.queryByText('Maruti Swift is paused.')).not.toBeInTheDocument();
    expect(resumes.map((call) => call.params.id)).toEqual([swift.id]);
    expect(within(card('Maruti Swift')).queryByText('Paused')).not.toBeInTheDocument();
  });

  it("marks a car an admin delisted in words, with the admin's reason and since when, and still offers its pause", async () => {
    const delisted = { reason: 'Photos show another car.', at: '2026-01-05T06:30:00.000Z' };
    serve('GET /get-cars', success([{ ...swift, delisted }, creta]));
    renderRoute('/get/cars');
    const swiftCard = await findCard('Maruti Swift');
    expect(within(swiftCard).getByText('Delisted by an admin')).toBeInTheDocument();
    expect(swiftCard).toHaveTextContent('Delisted by an admin since Jan 05 2026 12:00 (India time)');
    expect(swiftCard).toHaveTextContent(
      'Hidden from renters and not bookable until an admin relists it; accepted bookings stand.',
    );
    expect(within(swiftCard).getByText('Reason: Photos show another car.')).toBeInTheDocument();
    expect(within(swiftCard).getByRole('button', { name: 'Pause Maruti Swift' })).toBeInTheDocument();
    expect(within(card('Hyundai Creta')).queryByText('Delisted by an admin')).not.toBeInTheDocument();
  });

  it('says why a pause failed on the card of the car, and leaves the car as it was', async () => {
    serve('GET /get-cars', ravisCars);
    serve('POST /api/cars/:id/pause', fail(404, serverSays.notYourCar));
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('button', { name: 'Pause Maruti Swift' }));
    expect(await within(card('Maruti Swift')).findByRole('alert')).toHaveTextContent(serverSays.notYourCar);
    expect(within(card('Hyundai Creta')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Maruti Swift is paused.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause Maruti Swift' })).toBeEnabled();
    expect(within(card('Maruti Swift')).queryByText('Paused')).not.toBeInTheDocument();
  });

  it('says when there are no cars yet and offers to add one', async () => {
    serve('GET /get-cars', success([]));
    renderRoute('/get/cars');
    const empty = await screen.findByText(/No cars yet/);
    expect(empty).toHaveTextContent('No cars yet — Add Cars');
    expect(within(empty).getByRole('link', { name: 'Add Cars' })).toHaveAttribute('href', '/renting');
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  });

  it('explains a failed load and loads again on Retry', async () => {
    serve('GET /get-cars', ravisCars);
    serve('GET /get-cars', unreachable, { once: true });
    const { user } = renderRoute('/get/cars');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your cars could not be loaded. We could not reach the server');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to a neutral silhouette when a car photo does not load', async () => {
    serve('GET /get-cars', ravisCars);
    renderRoute('/get/cars');
    const photo = await screen.findByRole('img', { name: 'Hyundai Creta' });
    fireEvent.error(photo);
    const fallback = await screen.findByRole('img', { name: 'Hyundai Creta (no photo available)' });
    expect(fallback).toHaveAttribute('src', '/images/cars/placeholder.svg');
  });

  it('sends the owner to sign in when their session has ended elsewhere, instead of a Retry that is refused for ever', async () => {
    const fake = session(ravi);
    // The session expires (or they sign out in another tab) after the app learnt who they were.
    serve('GET /get-cars', () => {
      fake.holder = null;
      return fail(401, serverSays.notSignedIn);
    });
    const { router } = renderRoute('/get/cars');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
