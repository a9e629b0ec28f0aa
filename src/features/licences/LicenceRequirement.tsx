import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { indiaToday } from '../../domain/india-time';
import { licenceBlock } from '../../domain/schemas/licences';
import { useSession } from '../../lib/auth/session';
import { usePublicConfig } from '../../lib/public-config';
import { useLicence } from './queries';
import { t } from './words';

/** The account page's licence section, which the notice links to. */
export const LICENCE_SECTION = 'licence';

/**
 * On a car's page, before dates are picked: what a signed-in renter still lacks to book (no
 * licence, one awaiting review, one rejected, one expired), with the way to the licence section.
 * Nothing for others, nor where the server does not check licences (LICENCE_CHECK=false).
 */
export function LicenceRequirement() {
  const { user } = useSession();
  const checked = usePublicConfig((config) => config.licenceCheck === true).data === true;
  const renter = user?.role === 'user';
  const licence = useLicence({ enabled: renter && checked });
  if (!renter || !checked || !licence.data) return null;
  const current = licence.data.licence;
  const block = licenceBlock(current, indiaToday());
  const expiresOn = current?.expiresOn ?? '';
  if (!block) {
    return <p className="small text-body-secondary">{t('licences.car.approvedUntil', { expiresOn })}</p>;
  }
  const words = {
    licenceMissing: t('licences.car.missing'),
    licenceNotApproved: t('licences.car.pending'),
    licenceRejected: t('licences.car.rejected'),
    licenceExpiresBeforeTripEnd: t('licences.car.expired', { expiresOn }),
  }[block];
  return (
    <Alert variant="warning" className="mb-3">
      <p className="mb-1">{words}</p>
      <Link to={`${paths.account}#${LICENCE_SECTION}`}>{t('licences.car.link')}</Link>
    </Alert>
  );
}
