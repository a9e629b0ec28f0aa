import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { CarForm, type CarFormValues, emptyCar } from '../features/owner-cars/CarForm';
import { carListed } from '../features/owner-cars/notice';
import { PhotoPicker, UploadProgress, usePendingPhotos, usePhotoUploads } from '../features/owner-cars/PhotoManager';
import { addCarBody, useAddOwnerCar } from '../features/owner-cars/queries';
import { OwnerCarInput } from '../domain/schemas/owner-cars';
import { usePageTitle } from '../lib/usePageTitle';

/** /renting: an owner lists a new car. */
export default function AddCarPage() {
  usePageTitle('Add Your Car');
  const navigate = useNavigate();
  const addCar = useAddOwnerCar();
  const pending = usePendingPhotos();
  const uploads = usePhotoUploads();
  const [uploadsFailed, setUploadsFailed] = useState<string>();

  // Saved, the car gets its photos one by one; the owner leaves for the list once all are stored, or reads why some were not.
  const uploadPhotos = async (carId: string | undefined, values: CarFormValues) => {
    const toList = () => navigate(paths.ownerCars, { state: carListed(values.carname) });
    if (pending.photos.length === 0) return toList();
    const stored = carId ? await uploads.run(carId, pending.photos) : undefined;
    if (stored) return toList();
    setUploadsFailed(
      carId
        ? 'Your car was saved, but not every photo was uploaded. Add the missing ones from the car’s edit page.'
        : 'Your car was saved, but the server did not say where, so its photos were not uploaded. Add them from the car’s edit page.',
    );
  };

  return (
    <PageShell title="Add Your Car" narrow>
      <CarForm
        initialValues={emptyCar()}
        schema={OwnerCarInput}
        bodyOf={addCarBody}
        save={addCar}
        onSaved={uploadPhotos}
        hasPhotos={pending.photos.length > 0}
        photos={<PhotoPicker pending={pending} disabled={addCar.isPending || addCar.isSuccess} />}
        afterSave={
          <div className="mt-3">
            <UploadProgress uploads={uploads} />
            <ErrorAlert message={uploadsFailed}>
              <Link to={paths.ownerCars} state={carListed(addCar.variables?.carname ?? '')} className="btn btn-primary">
                Go to Your Cars
              </Link>
            </ErrorAlert>
          </div>
        }
      />
      <p className="mt-4 mb-0">
        <Link to={paths.ownerCars}>Back to List</Link>
      </p>
    </PageShell>
  );
}
