import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TripRecord } from '../src/domain/schemas/trips';
import { TripChecklist, TripConfirmation } from '../src/features/trips/TripSection';
import { photoFile, textNamedAsPhoto } from './photo-files';

const SIDES = ['Front', 'Rear', 'Left side', 'Right side'] as const;

function renderChecklist(fuelKind: 'eighths' | 'batteryPercent' = 'eighths') {
  const onSend = vi.fn(() => Promise.resolve());
  const user = userEvent.setup();
  render(<TripChecklist kind="handover" fuelKind={fuelKind} record={null} onSend={onSend} />);
  const form = screen.getByRole('form', { name: 'Handover checklist' });
  return { form, onSend, user };
}

async function photographSides(user: ReturnType<typeof userEvent.setup>) {
  for (const side of SIDES)
    await user.upload(screen.getByLabelText(side), photoFile(`${side}.jpg`, 'image/jpeg', { bytes: 2048 }));
}

const sent: TripRecord = {
  kind: 'handover',
  enteredBy: { side: 'renter', username: 'asha' },
  entered: { odometerKm: 12_000, fuel: { kind: 'eighths', eighths: 6 } },
  photos: [],
  ready: true,
  confirmedBy: null,
  confirmedAt: null,
  correction: null,
  updatedAt: '2030-01-31T04:00:00.000Z',
};

describe('the handover checklist', () => {
  it('opens the camera from each photo field, and offers the fuel as 8 segments', () => {
    const { form } = renderChecklist();
    for (const side of SIDES) {
      const field = within(form).getByLabelText(side);
      expect(field).toHaveAttribute('accept', 'image/*');
      expect(field).toHaveAttribute('capture', 'environment');
    }
    expect(
      within(form)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('asks for the four sides before sending anything', async () => {
    const { form, onSend, user } = renderChecklist();
    await user.type(within(form).getByLabelText('Odometer (km)'), '12000');
    await user.click(within(form).getByRole('radio', { name: '6/8' }));
    await user.click(within(form).getByRole('button', { name: 'Send for confirmation' }));
    expect(await within(form).findByText('Take a photo of the front, rear, left and right of the car.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses an odometer below 0 in the form, sending nothing', async () => {
    const { form, onSend, user } = renderChecklist();
    await photographSides(user);
    const odometer = within(form).getByLabelText('Odometer (km)');
    await user.type(odometer, '-5');
    await user.click(within(form).getByRole('radio', { name: '4/8' }));
    await user.click(within(form).getByRole('button', { name: 'Send for confirmation' }));
    await waitFor(() => expect(odometer).toBeInvalid());
    expect(odometer).toHaveAccessibleDescription('Give the odometer as a whole number of kilometres, 0 or more.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a photo, in words naming it', async () => {
    const { form, onSend, user } = renderChecklist();
    await photographSides(user);
    await user.upload(within(form).getByLabelText('More photos'), textNamedAsPhoto('notes.jpg'));
    await user.type(within(form).getByLabelText('Odometer (km)'), '12000');
    await user.click(within(form).getByRole('radio', { name: '4/8' }));
    await user.click(within(form).getByRole('button', { name: 'Send for confirmation' }));
    expect(await within(form).findByText(/^notes\.jpg: /)).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the odometer, the fuel in eighths and each side’s photo', async () => {
    const { form, onSend, user } = renderChecklist();
    await photographSides(user);
    await user.type(within(form).getByLabelText('Odometer (km)'), '12000');
    await user.click(within(form).getByRole('radio', { name: '6/8' }));
    await user.click(within(form).getByRole('button', { name: 'Send for confirmation' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const [values, photos] = onSend.mock.calls[0] as unknown as [unknown, { slot: string; file: File }[]];
    expect(values).toEqual({ odometerKm: 12_000, fuel: { kind: 'eighths', eighths: 6 } });
    expect(photos.map((photo) => photo.slot)).toEqual(['front', 'rear', 'left', 'right']);
  });

  it("takes an electric car's battery in percent, 0 to 100", async () => {
    const { form, onSend, user } = renderChecklist('batteryPercent');
    await photographSides(user);
    await user.type(within(form).getByLabelText('Odometer (km)'), '800');
    const battery = within(form).getByLabelText('Battery (%)');
    await user.type(battery, '101');
    await user.click(within(form).getByRole('button', { name: 'Send for confirmation' }));
    await waitFor(() => expect(battery).toBeInvalid());
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(battery);
    await user.type(battery, '80');
    await user.click(within(form).getByRole('button', { name: 'Send for confirmation' }));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({ odometerKm: 800, fuel: { kind: 'batteryPercent', percent: 80 } }, expect.any(Array)),
    );
  });
});

describe("the other side's confirmation", () => {
  it('confirms the values as sent', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<TripConfirmation kind="handover" fuelKind="eighths" record={sent} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });

  it('corrects the fuel, starting from what was sent', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<TripConfirmation kind="handover" fuelKind="eighths" record={sent} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Correct' }));
    expect(screen.getByLabelText('Odometer (km)')).toHaveValue(12_000);
    expect(screen.getByRole('radio', { name: '6/8' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '5/8' }));
    await user.click(screen.getByRole('button', { name: 'Confirm with my correction' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ odometerKm: 12_000, fuel: { kind: 'eighths', eighths: 5 } }));
  });

  it('cannot confirm before the four sides are photographed', () => {
    render(<TripConfirmation kind="handover" fuelKind="eighths" record={{ ...sent, ready: false }} onConfirm={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});
