import ProgressBar from 'react-bootstrap/ProgressBar';
import type { PhotoUploads, UploadState } from './usePhotoUploads';
import { t } from '../words';

/** Each outcome's words' id in the catalogue. */
const OUTCOME_LABELS = {
  waiting: 'owner.photos.waiting',
  sending: 'owner.photos.sending',
  stored: 'owner.photos.stored',
  failed: 'owner.photos.failed',
} as const satisfies Record<UploadState['outcome'], string>;

/** Each upload's progress, and the reason any failed. */
export function UploadProgress({ uploads }: { uploads: PhotoUploads }) {
  if (uploads.uploads.length === 0) return null;
  return (
    <ul className="list-unstyled mb-3" aria-label={t('owner.photos.uploadsLabel')}>
      {uploads.uploads.map((upload) => (
        <li key={upload.key} className="mb-2">
          <div className="d-flex justify-content-between small">
            <span className="text-truncate">{upload.name}</span>
            <span>{t(OUTCOME_LABELS[upload.outcome])}</span>
          </div>
          {upload.outcome === 'failed' ? (
            <p role="alert" className="small text-danger mb-0">
              {upload.error}
            </p>
          ) : (
            <ProgressBar
              now={Math.round(upload.sent * 100)}
              label={`${Math.round(upload.sent * 100)}%`}
              visuallyHidden
              aria-label={t('owner.photos.uploadLabel', { name: upload.name })}
              variant={upload.outcome === 'stored' ? 'success' : undefined}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
