import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { CarForm, type CarFormValues, emptyCar } from '../features/owner-cars/CarForm';
import { carListed, carPaused } from '../features/owner-cars/notice';
import { PhotoPicker, UploadProgress, usePendingPhotos, usePhotoUploads } from '../features/owner-cars/PhotoManager';
import { addCarBody, useAddOwnerCar, usePauseOwnerCar } from '../features/owner-cars/queries';
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
  const pause = usePauseOwnerCar();
  const [uploadsFailed, setUploadsFailed] = useState<string>();
  const [leftPaused, setLeftPaused] = useState(false);
  /** The question open to the owner: whether to list the car without photos. */
  const [question, setQuestion] = useState<{ body: string; dismiss: string; answer: (listIt: boolean) => void }>();
  const ask = (body: string, dismiss: string) =>
    new Promise<boolean>((resolve) => setQuestion({ body, dismiss, answer: resolve }));
  const answer = (listIt: boolean) => {
    question?.answer(listIt);
    setQuestion(undefined);
  };
  const setPaused = (id: string, paused: boolean) =>
    pause.mutateAsync({ id, paused }).then(
      () => true,
      () => false,
    );

  // Every photo the owner chose could not be used: the car is listed without any only if they say so.
  const confirmSave = () =>
    pending.photos.length > 0 || !pending.anyRefused
      ? Promise.resolve(true)
      : ask(t('owner.addPage.noPhotos.body'), t('owner.addPage.noPhotos.choose'));

  // Saved, the car gets its photos one by one; the owner leaves for the list once all are stored, or reads why some were not.
  const uploadPhotos = async (carId: string | undefined, values: CarFormValues) => {
    const toList = () => navigate(paths.ownerCars, { state: carListed(values.carname) });
    if (pending.photos.length === 0) return toList();
    if (!carId) return setUploadsFailed(t('owner.addPage.photosNowhere'));
    const { stored, failed } = await uploads.run(carId, pending.photos);
    if (failed === 0) return toList();
    // Not one stored: the car is kept from renters until the owner says it may be listed without photos.
    if (stored.length === 0 && (await setPaused(carId, true))) {
      const listIt = await ask(t('owner.addPage.noPhotos.noneUploaded'), t('owner.addPage.noPhotos.keepPaused'));
      if (listIt && (await setPaused(carId, false))) return toList();
      setLeftPaused(true);
      return setUploadsFailed(t('owner.addPage.photosNoneUploaded'));
    }
    setUploadsFailed(t('owner.addPage.photosNotAllUploaded'));
  };

  return (
    <PageShell title={t('owner.addPage.title')} narrow>
      <ConfirmDialog
        show={question !== undefined}
        title={t('owner.addPage.noPhotos.title')}
        confirmLabel={t('owner.addPage.noPhotos.list')}
        dismissLabel={question?.dismiss}
        pending={false}
        onConfirm={() => answer(true)}
        onClose={() => answer(false)}
      >
        <p className="mb-0">{question?.body}</p>
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
              <Link
                to={paths.ownerCars}
                state={(leftPaused ? carPaused : carListed)(addCar.variables?.carname ?? '')}
                className="btn btn-primary"
              >
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
