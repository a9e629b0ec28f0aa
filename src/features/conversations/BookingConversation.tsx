import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { QueryError } from '../../components/QueryError';
import { ZodForm } from '../../components/ZodForm';
import { PRODUCT_NAME } from '../../config/product';
import type { BookingMessage, Conversation } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { BOOKING_MESSAGE_MAX } from '../../domain/limits';
import { statusOf } from '../../lib/api-error';
import { toApiError } from '../../lib/api-client';
import { useConversation, useConversationActions } from './queries';
import { t } from './words';

const HEADING_ID = 'booking-conversation';

// The message's schema (and zod with it) loads with the form, not with the receipt.
const messageChecks = () => import('../../domain/schemas/conversations').then((schemas) => schemas.NewBookingMessage);

function MessageItem({
  message,
  mine,
  onReport,
  reporting,
}: {
  message: BookingMessage;
  mine: boolean;
  onReport: () => void;
  reporting: boolean;
}) {
  return (
    <li className={`mb-3 d-flex flex-column ${mine ? 'align-items-end' : 'align-items-start'}`}>
      <div className={`rounded p-2 ${mine ? 'bg-primary-subtle' : 'bg-body-secondary'}`} style={{ maxWidth: '85%' }}>
        <div className="small text-muted">
          {t('bookings.conversation.sentAt', {
            author: mine ? t('bookings.conversation.you') : message.author,
            at: formatIndiaTime(message.sentAt),
          })}
        </div>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</div>
      </div>
      <div className="small mt-1">
        {mine && message.seenAt ? <span className="text-muted">{t('bookings.conversation.seen')}</span> : null}
        {message.reported ? (
          <Badge bg="warning" text="dark">
            {t('bookings.conversation.reported', { brand: PRODUCT_NAME })}
          </Badge>
        ) : !mine ? (
          <Button
            variant="link"
            size="sm"
            className="p-0"
            disabled={reporting}
            onClick={onReport}
            aria-label={t('bookings.conversation.reportName', { brand: PRODUCT_NAME })}
          >
            {t('bookings.conversation.report')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function Messages({
  bookingId,
  conversation,
  awaitingAnswer,
}: {
  bookingId: string;
  conversation: Conversation;
  awaitingAnswer: boolean;
}) {
  const { send, seen, report } = useConversationActions(bookingId);
  const newestUnseen = conversation.messages
    .filter((message) => message.from !== conversation.you && message.seenAt === null)
    .at(-1)?.id;
  const { mutate: markSeen } = seen;
  // Shown is read: the sender then sees "Seen", and the header's count drops. Asked once per newest
  // unread message: a refusal shows, and the next message (or a reload) asks again, never a loop.
  const askedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (newestUnseen === undefined || askedFor.current === newestUnseen) return;
    askedFor.current = newestUnseen;
    markSeen();
  }, [newestUnseen, markSeen]);

  return (
    <>
      {conversation.messages.length === 0 ? (
        <p className="text-muted">{t('bookings.conversation.empty')}</p>
      ) : (
        <ol className="list-unstyled" aria-label={t('bookings.conversation.list')}>
          {conversation.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              mine={message.from === conversation.you}
              reporting={report.isPending}
              onReport={() => report.mutate(message.id)}
            />
          ))}
        </ol>
      )}
      <ErrorAlert
        message={seen.error ? t('bookings.conversation.seenFailed', { reason: toApiError(seen.error).message }) : null}
        onClose={() => seen.reset()}
      />
      <ErrorAlert message={report.error ? toApiError(report.error).message : null} onClose={() => report.reset()} />
      {conversation.contactsHidden ? (
        <Alert variant="info">
          {t(awaitingAnswer ? 'bookings.conversation.contactsHidden' : 'bookings.conversation.contactsClosed')}
        </Alert>
      ) : null}
      <ZodForm
        schema={messageChecks}
        defaultValues={{ text: '' }}
        onSubmit={async (values, { reset }) => {
          await send.mutateAsync(values);
          reset();
        }}
        aria-labelledby={HEADING_ID}
      >
        {(form) => (
          <>
            <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
            <FormField
              label={t('bookings.conversation.message')}
              name="text"
              multiline
              rows={3}
              maxLength={BOOKING_MESSAGE_MAX}
            />
            <Button type="submit" disabled={form.sending}>
              {t('bookings.conversation.send')}
            </Button>
          </>
        )}
      </ZodForm>
    </>
  );
}

/**
 * The one conversation of a booking between its renter and whoever answers for the car, under its
 * receipt; `awaitingAnswer` while it is a request, whose acceptance would show contact details. An admin who is no party (a listed car's booking) reads it in the console instead, so
 * nothing shows for them here.
 */
export function BookingConversation({
  bookingId,
  awaitingAnswer,
}: {
  bookingId: string;
  /** A request not yet answered, whose acceptance would show contact details. */
  awaitingAnswer: boolean;
}) {
  const conversation = useConversation(bookingId);
  if (statusOf(conversation.error) === 403 || statusOf(conversation.error) === 404) return null;
  return (
    <section aria-labelledby={HEADING_ID} className="mt-4 d-print-none" style={{ maxWidth: '48rem' }}>
      <h2 id={HEADING_ID} className="h4 mb-3">
        {t('bookings.conversation.title')}
      </h2>
      {conversation.isLoadingError ? (
        <QueryError
          error={conversation.error}
          what={t('bookings.conversation.loadFailed')}
          onRetry={() => void conversation.refetch()}
        />
      ) : conversation.data ? (
        <Messages bookingId={bookingId} conversation={conversation.data} awaitingAnswer={awaitingAnswer} />
      ) : null}
    </section>
  );
}
