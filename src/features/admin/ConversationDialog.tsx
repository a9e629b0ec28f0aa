import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Modal from 'react-bootstrap/Modal';
import { DialogFrame } from '../../components/DialogFrame';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { formatIndiaTime } from '../../domain/india-time';
import { toApiError } from '../../lib/api-client';
import { useReadConversation } from './conversations-api';
import { t } from './words';

/** The booking whose conversation is read: its id, and its number as the dialog names it. */
export interface ConversationToRead {
  id: string;
  number: string;
}

/**
 * A booking's conversation as its parties sent it, nothing masked, read once per opening: the server
 * writes each reading to the audit log, which the dialog says.
 */
export function ConversationDialog({ booking, onClose }: { booking: ConversationToRead | null; onClose: () => void }) {
  const read = useReadConversation();
  const { mutate, reset } = read;
  useEffect(() => {
    if (booking) mutate(booking.id);
    else reset();
  }, [booking, mutate, reset]);

  return (
    <DialogFrame
      show={booking !== null}
      title={booking ? t('admin.conversations.dialogTitle', { number: booking.number }) : ''}
      onClose={onClose}
    >
      <Modal.Body>
        <p className="small text-muted">{t('admin.conversations.audited')}</p>
        <ErrorAlert message={read.error ? toApiError(read.error).message : null} />
        {read.isPending ? <PageSpinner /> : null}
        {read.data && read.data.messages.length === 0 ? <p>{t('admin.conversations.none')}</p> : null}
        {read.data && read.data.messages.length > 0 ? (
          <ol className="list-unstyled mb-0" aria-label={t('admin.conversations.messages')}>
            {read.data.messages.map((message) => (
              <li key={message.id} className="mb-3">
                <div className="small text-muted">
                  {t('admin.conversations.from', {
                    author: message.author,
                    side: message.from,
                    at: formatIndiaTime(message.sentAt),
                  })}{' '}
                  {message.reported ? (
                    <Badge bg="warning" text="dark">
                      {t('admin.conversations.reported')}
                    </Badge>
                  ) : null}
                </div>
                <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</div>
              </li>
            ))}
          </ol>
        ) : null}
      </Modal.Body>
    </DialogFrame>
  );
}
