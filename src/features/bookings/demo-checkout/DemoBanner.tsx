import Alert from 'react-bootstrap/Alert';
import { t } from '../words';

/** What every checkout says in demo mode, so nobody takes a demo hold for a real one. */
export function DemoBanner() {
  return (
    <Alert variant="info" role="note">
      {t('bookings.demo.banner')}
    </Alert>
  );
}
