import ProgressBar from 'react-bootstrap/ProgressBar';
import type { PhotoUploads, UploadState } from './usePhotoUploads';

const OUTCOME_LABELS: Record<UploadState['outcome'], string> = {
  waiting: 'Waiting',
  sending: 'Uploading',
  stored: 'Uploaded',
  failed: 'Not uploaded',
};

/** Each upload's progress, and the reason any failed. */
export function UploadProgress({ uploads }: { uploads: PhotoUploads }) {
  if (uploads.uploads.length === 0) return null;
  return (
    <ul className="list-unstyled mb-3" aria-label="Photo uploads">
      {uploads.uploads.map((upload) => (
        <li key={upload.key} className="mb-2">
          <div className="d-flex justify-content-between small">
            <span className="text-truncate">{upload.name}</span>
            <span>{OUTCOME_LABELS[upload.outcome]}</span>
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
              aria-label={`${upload.name} uploaded`}
              variant={upload.outcome === 'stored' ? 'success' : undefined}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
