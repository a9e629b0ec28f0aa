import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { formatIndiaTime } from '../../domain/india-time';
import { AdminFrame } from './AdminFrame';
import { ConversationDialog, type ConversationToRead } from './ConversationDialog';
import { useReportedConversations } from './conversations-api';
import { t } from './words';

/** The conversations a party reported a message of, the latest report first, each to read as sent (audited). */
export function AdminConversations() {
  const list = useReportedConversations();
  const [reading, setReading] = useState<ConversationToRead | null>(null);
  const title = t('admin.conversations.title');

  return (
    <AdminFrame title={title} count={list.data?.length}>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isLoadingError ? (
        <QueryError error={list.error} what={t('admin.table.loadFailed', { what: title })} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p>{t('admin.conversations.empty')}</p>
      ) : (
        <Table responsive aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{t('admin.bookings.column.booking')}</th>
              <th scope="col">{t('admin.bookings.column.car')}</th>
              <th scope="col">{t('admin.bookings.column.renter')}</th>
              <th scope="col">{t('admin.conversations.column.reported')}</th>
              <th scope="col">{t('admin.conversations.column.lastReported')}</th>
              <th scope="col">{t('admin.bookings.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((row) => (
              <tr key={row.bookingId}>
                <td className="fw-semibold text-nowrap">{row.bookingNumber}</td>
                <td>{row.carName}</td>
                <td>{row.renter}</td>
                <td>{row.reportedMessages}</td>
                <td>{formatIndiaTime(row.lastReportedAt)}</td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={t('admin.conversations.readLabel', { number: row.bookingNumber })}
                    onClick={() => setReading({ id: row.bookingId, number: row.bookingNumber })}
                  >
                    {t('admin.conversations.read')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConversationDialog booking={reading} onClose={() => setReading(null)} />
    </AdminFrame>
  );
}
