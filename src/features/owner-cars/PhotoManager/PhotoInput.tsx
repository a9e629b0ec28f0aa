import { type ChangeEvent, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { PHOTO_BYTES_MAX, PHOTO_MEGAPIXELS_MAX, PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import { PHOTO_TYPES } from '../../../domain/schemas/car-photos';
import { t } from '../words';

const ACCEPT = PHOTO_TYPES.join(',');

interface PhotoInputProps {
  onChoose: (files: File[]) => void;
  disabled: boolean;
  /** The photos last chosen are being checked and made smaller: no more are taken meanwhile. */
  preparing: boolean;
  room: number;
}

/** The file input, taking several photos at once. */
export function PhotoInput({ onChoose, disabled, preparing, room }: PhotoInputProps) {
  const id = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    onChoose(Array.from(event.target.files ?? []));
    // The same file may be chosen again after it was removed.
    event.target.value = '';
  };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('owner.photos.add')}</Form.Label>
      <Form.Control
        type="file"
        accept={ACCEPT}
        multiple
        onChange={choose}
        disabled={disabled || preparing || room === 0}
        aria-describedby={`${id}-hint`}
      />
      <Form.Text id={`${id}-hint`}>
        {t('owner.photos.addHint', {
          megabytes: PHOTO_BYTES_MAX / (1024 * 1024),
          megapixels: PHOTO_MEGAPIXELS_MAX,
          max: PHOTOS_PER_CAR_MAX,
          room,
        })}
      </Form.Text>
      <p role="status" className="small mb-0">
        {preparing ? t('owner.photos.preparing') : null}
      </p>
    </Form.Group>
  );
}
