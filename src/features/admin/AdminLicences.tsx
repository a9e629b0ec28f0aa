import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatIndiaTime } from '../../domain/india-time';
import type { QueuedLicence } from '../../domain/schemas/licences';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { AdminFrame } from './AdminFrame';
import { approveLicence, getLicenceQueue, rejectLicence } from './licences-api';
import { ReasonDialog } from './ReasonDialog';
import { t } from './words';

const queueKey = ['admin', 'licences'] as const;

/** One licence: its photos beside what the renter typed, and the two decisions. */
function LicenceCard({ licence, onReject }: { licence: QueuedLicence; onReject: (licence: QueuedLicence) => void }) {
  const queryClient = useQueryClient();
  const approving = useMutation({
    mutationFn: () => approveLicence(licence.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
  const who = licence.renter.username;
  return (
    <article className="border rounded p-3 mb-4" aria-labelledby={`licence-${licence.id}`}>
      {/* A long address breaks rather than pushing the card past a phone's edge. */}
      <h2 id={`licence-${licence.id}`} className="h5 text-break">
        {t('admin.licences.of', { username: who, email: licence.renter.email })}
      </h2>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <img
          src={licence.photos.front}
          alt={t('admin.licences.front', { username: who })}
          width={360}
          className="img-fluid border"
        />
        <img
          src={licence.photos.back}
          alt={t('admin.licences.back', { username: who })}
          width={360}
          className="img-fluid border"
        />
      </div>
      <dl className="row mb-3">
        <dt className="col-sm-4">{t('admin.licences.number')}</dt>
        <dd className="col-sm-8">
          {licence.number}{' '}
          {licence.olderFormat ? (
            <Badge bg="warning" text="dark">
              {t('admin.licences.olderFormat')}
            </Badge>
          ) : null}
        </dd>
        <dt className="col-sm-4">{t('admin.licences.dateOfBirth')}</dt>
        <dd className="col-sm-8">{licence.dateOfBirth}</dd>
        <dt className="col-sm-4">{t('admin.licences.expiresOn')}</dt>
        <dd className="col-sm-8">{licence.expiresOn}</dd>
        <dt className="col-sm-4">{t('admin.licences.submitted')}</dt>
        <dd className="col-sm-8">{formatIndiaTime(licence.submittedAt)}</dd>
      </dl>
      <ErrorAlert message={approving.error ? toApiError(approving.error).message : null} onClose={() => approving.reset()} />
      <div className="d-flex gap-2">
        <Button onClick={() => approving.mutate()} disabled={approving.isPending}>
          {t('admin.licences.approve')}
        </Button>
        <Button variant="outline-danger" onClick={() => onReject(licence)}>
          {t('admin.licences.reject')}
        </Button>
      </div>
    </article>
  );
}

/** The licences awaiting review, oldest first; each approval and rejection is audited and mailed to the renter. */
export function AdminLicences() {
  const queryClient = useQueryClient();
  const queue = useQuery({ queryKey: queueKey, queryFn: ({ signal }) => getLicenceQueue(signal) });
  const [rejecting, setRejecting] = useState<QueuedLicence | null>(null);
  const rejection = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectLicence(id, { reason }),
    onSuccess: () => setRejecting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
  const licences = queue.data?.licences;
  return (
    <AdminFrame title={t('admin.licences.title')} count={licences?.length}>
      {queue.isPending ? <PageSpinner /> : null}
      {queue.isLoadingError ? <QueryError error={queue.error} onRetry={() => void queue.refetch()} /> : null}
      {licences?.length === 0 ? <p>{t('admin.licences.none')}</p> : null}
      {licences?.map((licence) => (
        <LicenceCard key={licence.id} licence={licence} onReject={setRejecting} />
      ))}
      <ReasonDialog
        show={rejecting !== null}
        title={rejecting ? t('admin.licences.rejectTitle', { username: rejecting.renter.username }) : ''}
        confirmLabel={t('admin.licences.reject')}
        confirmVariant="danger"
        reason="required"
        reasonHint={t('admin.licences.reasonHint')}
        pending={rejection.isPending}
        error={rejection.error ? toApiError(rejection.error).message : null}
        onClose={() => {
          setRejecting(null);
          rejection.reset();
        }}
        onConfirm={(reason) => (rejecting && reason ? rejection.mutateAsync({ id: rejecting.id, reason }) : undefined)}
      />
    </AdminFrame>
  );
}
