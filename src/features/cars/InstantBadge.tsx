import { t } from '../../lib/i18n';

/** Says a car's paid requests are confirmed at once: the short word shown, the whole meaning to assistive technology and on hover. */
export function InstantBadge() {
  const meaning = t('common.carCard.instantLabel');
  return (
    <span className="badge text-bg-success" role="img" aria-label={meaning} title={meaning}>
      {t('common.carCard.instant')}
    </span>
  );
}
