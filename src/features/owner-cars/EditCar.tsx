import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { statusOf } from '../../lib/api-error';
import { useRetry } from '../../lib/query-client';
import { CarForm, carFormValues } from './CarForm';
import { PhotoManager } from './PhotoManager';
import { OwnerCarEdit } from '../../domain/schemas/owner-cars';
import { editCarBody, ownerCarKeys, useEditOwnerCar, useOwnerCar } from './queries';
import { t } from './words';

/** The owner's car `id`, prefilled, to change; `onSaved` hears the car's name as saved. */
export function EditCar({ id, onSaved }: { id: string; onSaved: (carname: string) => void }) {
  const car = useOwnerCar(id);
  const retry = useRetry(ownerCarKeys.detail(id));
  const save = useEditOwnerCar(id);
  const status = statusOf(car.error);

  if (car.isPending) return <PageSpinner />;
  // A malformed id (400) names no car of theirs either; retrying it cannot help.
  if (status === 404 || status === 400) return <p role="alert">{t('owner.edit.notFound')}</p>;
  // Only a failed first load replaces the form: a failed reload in the background keeps what the owner is typing.
  if (car.isLoadingError) return <QueryError error={car.error} onRetry={retry} />;
  return (
    <>
      <PhotoManager carId={id} photos={car.data.photos} />
      <CarForm
        initialValues={carFormValues(car.data)}
        draftKey={`edit:${id}`}
        schema={OwnerCarEdit}
        bodyOf={(values) => editCarBody(id, values)}
        save={save}
        onSaved={(_, values) => onSaved(values.carname)}
        hasPhotos={car.data.photos.length > 0}
      />
    </>
  );
}
