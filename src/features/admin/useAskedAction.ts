import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';

/** What confirming sends, and the notice to show once it is done ("The account of ravi@example.com is disabled."). */
export interface AskedOutcome<V> {
  variables: V;
  done: string;
}

/**
 * An action on a row, asked about in a ReasonDialog before it is taken: which row (and step) is
 * asked about, the dialog's state, and the notice of the last action done. A new question forgets
 * the last one's refusal; the server's refusal stays in the dialog, with the reason typed.
 *
 * `outcome` turns the row asked about and the reason typed into the call and its notice.
 */
export function useAskedAction<A, V, R>(
  mutation: UseMutationResult<R, Error, V>,
  outcome: (asked: A, reason: string | undefined) => AskedOutcome<V>,
) {
  // The last row asked about stays named while the dialog fades out.
  const [asking, setAsking] = useState<A | null>(null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const ask = (next: A) => {
    mutation.reset();
    setAsking(next);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    mutation.reset();
  };
  /** Settles once the call has answered, so the dialog's confirm waits for it; a refusal stays in `mutation.error`, shown in the dialog. */
  const confirm = async (reason: string | undefined) => {
    if (asking === null) return;
    const { variables, done } = outcome(asking, reason);
    try {
      await mutation.mutateAsync(variables);
    } catch {
      return;
    }
    setOpen(false);
    setNotice(done);
  };

  return {
    asking,
    ask,
    /** The ReasonDialog's state and handlers; its question and words are the section's. */
    dialog: { show: open, onClose: close, onConfirm: confirm, pending: mutation.isPending, error: mutation.error?.message },
    notice: { message: notice, onDismiss: () => setNotice(null) },
  };
}
