import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { t } from '../lib/i18n';

interface ErrorAlertProps {
  /** Nothing is shown while this is empty. */
  message: string | null | undefined;
  /** Given, the alert gets a close button that calls it. */
  onClose?: () => void;
  /** Actions that help recover, such as a Retry button. */
  children?: ReactNode;
}

/** A failure told to the person in words they can act on (react-bootstrap's Alert carries role="alert"). */
export function ErrorAlert({ message, onClose, children }: ErrorAlertProps) {
  if (!message) return null;
  return (
    <Alert variant="danger" dismissible={Boolean(onClose)} onClose={onClose} closeLabel={t('common.alert.dismiss')}>
      <div>{message}</div>
      {children ? <div className="mt-2">{children}</div> : null}
    </Alert>
  );
}
