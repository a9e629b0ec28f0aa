import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog, type ReasonDialogProps } from '../src/features/admin/ReasonDialog';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

// The dialog as the console's sections that need a reason use it (delisting, cancelling, removing).
function renderDialog(props: Partial<ReasonDialogProps> = {}) {
  const onConfirm = vi.fn();
  const user = userEvent.setup();
  render(
    <ReasonDialog
      show
      title="Delist the Maruti Swift of ravi@example.com?"
      confirmLabel="Delist car"
      reason="required"
      reasonHint="Sent to the owner with the notice."
      pending={false}
      onConfirm={onConfirm}
      onClose={() => {}}
      {...props}
    >
      <p>Renters no longer find it.</p>
    </ReasonDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Delist the Maruti Swift of ravi@example.com?' });
  return { dialog, onConfirm, user, reason: within(dialog).getByRole('textbox', { name: 'Reason' }) };
}

describe('a dialog whose action needs a reason', () => {
  it('refuses a blank reason in the words the server would use, and sends nothing', async () => {
    const { dialog, onConfirm, user, reason } = renderDialog();
    expect(dialog).toHaveTextContent('Renters no longer find it.');
    expect(reason).toHaveAccessibleDescription('Sent to the owner with the notice.');

    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Delist car' }));
    // The form's checks load with the first keystroke; the refusal shows once they have run.
    await waitFor(() => expect(reason).toBeInvalid());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(reason).toHaveAccessibleDescription(`${REASON_REQUIRED} Sent to the owner with the notice.`);
  });

  it('sends the reason without its surrounding spaces', async () => {
    const { dialog, onConfirm, user, reason } = renderDialog();
    await user.type(reason, '  Photos of another car. ');
    await user.click(within(dialog).getByRole('button', { name: 'Delist car' }));
    expect(onConfirm).toHaveBeenCalledWith('Photos of another car.');
  });

  it('takes at most 500 characters', async () => {
    const { reason } = renderDialog();
    expect(reason).toHaveAttribute('maxLength', '500');
  });

  it("shows the server's refusal, and holds the buttons while the action is under way", () => {
    const { dialog } = renderDialog({ error: 'This car is already delisted.', pending: true });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This car is already delisted.');
    expect(within(dialog).getByRole('button', { name: 'Working…' })).toBeDisabled();
  });
});
