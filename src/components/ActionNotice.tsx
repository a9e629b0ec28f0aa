import type { ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { t } from '../lib/i18n';

interface ActionNoticeProps {
  /** What the last action did ("The account of ravi@example.com is disabled."); nothing shows while null. */
  message: string | null;
  onDismiss: () => void;
  /** More about the outcome, under the message: what became of each car deleted. */
  children?: ReactNode;
}

/**
 * The outcome of an action, above the list it changed. The live region is there before any message,
 * so screen readers announce each new one when it appears.
 */
export function ActionNotice({ message, onDismiss, children }: ActionNoticeProps) {
  return (
    <div role="status">
      {message ? (
        <div className="alert alert-success d-flex align-items-start justify-content-between gap-2">
          <div>
            <p className="mb-0">{message}</p>
            {children}
          </div>
          <CloseButton aria-label={t('common.alert.dismiss')} onClick={onDismiss} />
        </div>
      ) : null}
    </div>
  );
}
