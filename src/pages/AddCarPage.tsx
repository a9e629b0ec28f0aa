import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { CarForm, type CarFormValues, emptyCar } from '../features/owner-cars/CarForm';
import { carListed } from '../features/owner-cars/notice';
import { PhotoPicker, UploadProgress, usePendingPhotos, usePhotoUploads } from '../features/owner-cars/PhotoManager';
import { addCarBody, useAddOwnerCar } from '../features/owner-cars/queries';
import { t } from '../features/owner-cars/words';
import { OwnerCarInput } from '../domain/schemas/owner-cars';
import { usePageTitle } from '../lib/usePageTitle';

/** /renting: an owner lists a new car. */
export default function AddCarPage() {
  usePageTitle(t('owner.addPage.title'));
  const navigate = useNavigate();
  const addCar = useAddOwnerCar();
  const pending = usePendingPhotos();
  const uploads = usePhotoUploads();
  const [uploadsFailed, setUploadsFailed] = useState<string>();
  /** The answer the owner is asked for, while the question is open. */
  const [asking, setAsking] = useState<(listIt: boolean) => void>();
  const answer = (listIt: boolean) => {
    asking?.(listIt);
    setAsking(undefined);
  };

  // Every photo the owner chose could not be used: the car is listed without any only if they say so.
  const confirmSave = () =>
    pending.photos.length > 0 || !pending.anyRefused
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => setAsking(() => resolve));

  // Saved, the car gets its photos one by one; the owner leaves for the list once all are stored, or reads why some were not.
  const uploadPhotos = async (carId: string | undefined, values: CarFormValues) => {
    const toList = () => navigate(paths.ownerCars, { state: carListed(values.carname) });
    if (pending.photos.length === 0) return toList();
    const stored = carId ? await uploads.run(carId, pending.photos) : undefined;
    if (stored) return toList();
    setUploadsFailed(carId ? t('owner.addPage.photosNotAllUploaded') : t('owner.addPage.photosNowhere'));
  };

  return (
    <PageShell title={t('owner.addPage.title')} narrow>
      <ConfirmDialog
        show={asking !== undefined}
        title={t('owner.addPage.noPhotos.title')}
        confirmLabel={t('owner.addPage.noPhotos.list')}
        dismissLabel={t('owner.addPage.noPhotos.choose')}
        pending={false}
        onConfirm={() => answer(true)}
        onClose={() => answer(false)}
      >
        <p className="mb-0">{t('owner.addPage.noPhotos.body')}</p>
      </ConfirmDialog>
      <CarForm
        initialValues={emptyCar()}
        draftKey="add"
        confirmSave={confirmSave}
        waiting={pending.preparing}
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
                {t('owner.addPage.toYourCars')}
              </Link>
            </ErrorAlert>
          </div>
        }
      />
      <p className="mt-4 mb-0">
        <Link to={paths.ownerCars}>{t('owner.addPage.back')}</Link>
      </p>
    </PageShell>
  );
}
