import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import { BookingStatus } from '../../domain/schemas/bookings';
import { AdminCarState, type AdminOverview as Counts } from '../../domain/schemas/admin';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { useRetry } from '../../lib/query-client';
import { AdminFrame } from './AdminFrame';
import { BOOKING_STATUS_LABELS, CAR_STATE_LABELS, formatCount } from './format';
import { adminKeys, useAdminOverview } from './queries';
import { t, Words } from './words';

interface Tally {
  label: string;
  count: number;
  /** The section's list filtered to what is counted. */
  to: string;
}

/** A section's list filtered to what a count counts. */
const listWhere = (path: string, filter: Record<string, string>) => `${path}?${new URLSearchParams(filter)}`;
const accountsWhere = (filter: Record<string, string>) => listWhere(paths.adminAccounts, filter);

/** A card of counts, each a row whose label leads to the counted items. */
function TallyCard({ title, note, tallies }: { title: string; note?: string; tallies: readonly Tally[] }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {title}
        </Card.Title>
        {note ? <Card.Text className="small text-muted">{note}</Card.Text> : null}
        <Table size="sm" borderless className="mb-0">
          <tbody>
            {tallies.map((tally) => (
              <tr key={tally.label}>
                <th scope="row" className="fw-normal">
                  <Link to={tally.to}>{tally.label}</Link>
                </th>
                <td className="text-end fw-semibold price">{formatCount(tally.count)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

function OverviewCards({ counts }: { counts: Counts }) {
  const { accounts, cars, bookingsThisWeek } = counts;
  return (
    <Row xs={1} md={2} xl={4} className="g-4 mb-4">
      <Col>
        <TallyCard
          title={t('admin.overview.accountsTitle')}
          note={t('admin.overview.accountsNote')}
          tallies={[
            { label: t('admin.overview.users'), count: accounts.user, to: accountsWhere({ role: 'user' }) },
            { label: t('admin.overview.owners'), count: accounts.owner, to: accountsWhere({ role: 'owner' }) },
            { label: t('admin.overview.admins'), count: accounts.admin, to: accountsWhere({ role: 'admin' }) },
            { label: t('admin.overview.disabled'), count: accounts.disabled, to: accountsWhere({ status: 'disabled' }) },
          ]}
        />
      </Col>
      <Col>
        <TallyCard
          title={t('admin.overview.carsTitle')}
          note={t('admin.overview.carsNote')}
          tallies={AdminCarState.options.map((state) => ({
            label: t(CAR_STATE_LABELS[state]),
            count: cars[state],
            to: listWhere(paths.adminCars, { state }),
          }))}
        />
      </Col>
      <Col>
        <TallyCard
          title={t('admin.overview.bookingsTitle')}
          note={t('admin.overview.bookingsNote', { weekStart: formatIndiaTime(bookingsThisWeek.weekStart) })}
          tallies={BookingStatus.options.map((status) => ({
            label: t(BOOKING_STATUS_LABELS[status]),
            count: bookingsThisWeek.byStatus[status],
            to: listWhere(paths.adminBookings, { status }),
          }))}
        />
      </Col>
      <Col>
        <TallyCard
          title={t('admin.overview.messagesTitle')}
          tallies={[
            {
              label: t('admin.overview.awaiting'),
              count: counts.contactMessagesAwaitingAnswer,
              to: listWhere(paths.adminMessages, { status: 'awaiting' }),
            },
          ]}
        />
      </Col>
    </Row>
  );
}

/** The console's first page: how the marketplace stands now, each count leading to its list. */
export function AdminOverview() {
  const overview = useAdminOverview();
  const retry = useRetry(adminKeys.overview);
  return (
    <AdminFrame title={t('admin.overview.title')}>
      {overview.isPending ? <PageSpinner /> : null}
      {overview.isLoadingError ? (
        <QueryError error={overview.error} what={t('admin.overview.loadFailed')} onRetry={retry} />
      ) : null}
      {overview.data ? <OverviewCards counts={overview.data} /> : null}
      <p>
        <Words
          id="admin.overview.alsoForAdmins"
          components={{ 0: <Link to={paths.rentalRequests} />, 1: <Link to={paths.account} /> }}
        />
      </p>
    </AdminFrame>
  );
}
