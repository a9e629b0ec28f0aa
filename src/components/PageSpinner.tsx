import { t } from '../lib/i18n';

/** Shown while a screen or its data loads, so nobody faces a blank page. Plain Bootstrap markup: it is in the first bundle. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" style={{ minHeight: '40vh' }}>
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('common.spinner.loading')}</span>
      </div>
    </div>
  );
}
