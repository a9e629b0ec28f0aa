import { type ChangeEvent, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { PHOTO_BYTES_MAX, PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import { PHOTO_TYPES } from '../../../domain/schemas/car-photos';
import { t } from '../words';

const ACCEPT = PHOTO_TYPES.join(',');

/** The file input, taking several photos at once. */
export function PhotoInput({ onChoose, disabled, room }: { onChoose: (files: File[]) => void; disabled: boolean; room: number }) {
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
        disabled={disabled || room === 0}
        aria-describedby={`${id}-hint`}
      />
      <Form.Text id={`${id}-hint`}>
        {t('owner.photos.addHint', { megabytes: PHOTO_BYTES_MAX / (1024 * 1024), max: PHOTOS_PER_CAR_MAX, room })}
      </Form.Text>
    </Form.Group>
  );
}
