import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ActionNotice } from '../../components/ActionNotice';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import type { ReportedConversation } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { AdminFrame } from './AdminFrame';
import { ConversationDialog, type ConversationToRead } from './ConversationDialog';
import { useCloseReports, useReportedConversations } from './conversations-api';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';
import { t } from './words';

/**
 * The conversations with a report still open, the latest report first, each to read as sent
 * (audited) and to close once dealt with, saying how (audited too).
 */
export function AdminConversations() {
  const list = useReportedConversations();
  const [reading, setReading] = useState<ConversationToRead | null>(null);
  const closing = useAskedAction(useCloseReports(), (row: ReportedConversation, reason) => ({
    variables: { bookingId: row.bookingId, reason: reason ?? '' },
    done: t('admin.conversations.closed', { number: row.bookingNumber }),
  }));
  const title = t('admin.conversations.title');

  return (
    <AdminFrame title={title} count={list.data?.length}>
      <ActionNotice {...closing.notice} />
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
                  </Button>{' '}
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={t('admin.conversations.closeLabel', { number: row.bookingNumber })}
                    onClick={() => closing.ask(row)}
                  >
                    {t('admin.conversations.close')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConversationDialog booking={reading} onClose={() => setReading(null)} />
      <ReasonDialog
        {...closing.dialog}
        title={closing.asking ? t('admin.conversations.closeTitle', { number: closing.asking.bookingNumber }) : ''}
        confirmLabel={t('admin.conversations.close')}
        reason="required"
        reasonHint={t('admin.conversations.closeHint')}
      />
    </AdminFrame>
  );
}
