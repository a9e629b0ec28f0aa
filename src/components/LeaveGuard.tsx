import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { t } from '../lib/i18n';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before leaving a form whose changes are not saved while `unsaved.current` holds: the
 * browser's own question on closing or reloading the tab, ours on a link or Back within the app.
 * A ref, so a save that navigates at once is let through without waiting for a render.
 */
export function LeaveGuard({ unsaved }: { unsaved: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!unsaved.current) return;
      event.preventDefault();
      // Older browsers ask only when it is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <ConfirmDialog
      show={blocker.state === 'blocked'}
      title={t('common.leaveGuard.title')}
      confirmLabel={t('common.leaveGuard.leave')}
      dismissLabel={t('common.leaveGuard.stay')}
      pending={false}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <p className="mb-0">{t('common.leaveGuard.body')}</p>
    </ConfirmDialog>
  );
}
