import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '../../domain/schemas/owner-cars';
import { carKeys } from '../../entities/car/keys';
import type { CarPhoto, CarPhotoOrder, OwnerCar } from '../../domain/contract';
import {
  addOwnerCar,
  deleteCarPhoto,
  deleteOwnerCars,
  editOwnerCar,
  getOwnerCar,
  listOwnerCars,
  orderCarPhotos,
  setOwnerCarPaused,
  uploadCarPhoto,
} from './api';
import type { CarFormValues } from './CarForm';
import { t } from './words';

export const ownerCarKeys = {
  all: ['owner-cars'] as const,
  list: ['owner-cars', 'list'] as const,
  detail: (id: string) => ['owner-cars', 'detail', id] as const,
};

export function useOwnerCars() {
  return useQuery({ queryKey: ownerCarKeys.list, queryFn: ({ signal }) => listOwnerCars(signal) });
}

export function useOwnerCar(id: string) {
  return useQuery({ queryKey: ownerCarKeys.detail(id), queryFn: ({ signal }) => getOwnerCar(id, signal) });
}

/**
 * A change to an owner's cars changes their list and the public listing. The owner's list is loaded
 * again before the change is reported done, so the list they go back to is never the old one; the
 * cars they opened before are only marked stale (reloading them all would wait on, among others,
 * the car just deleted).
 */
function ownerCarsChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerCarKeys.list, refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: ownerCarKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: carKeys.all }),
  ]);
}

/**
 * The form's values as the calls send them: seats, year and the km limit as numbers, the trip prices
 * in paise; a blank year, limit or price per extra km is left out when adding and cleared (null) when editing.
 */
function carFields(
  { seats, year, kmPerDayLimit, url, depositPaise, extraKmPrice, fuelEighthPrice, batteryTenthPrice, ...values }: CarFormValues,
  blank: null | undefined,
) {
  const numberOrBlank = (text: string) => (text.trim() === '' ? blank : Number(text));
  // Typed in rupees, sent in paise; a blank one is the body type's (adding) or as it was (editing).
  const paiseOrBlank = (text: string) => (text.trim() === '' ? undefined : Math.round(Number(text) * 100));
  return {
    ...values,
    // Left blank by an owner who uploads photos instead: not sent, so an edit keeps any link there was.
    url: url.trim() === '' ? undefined : url,
    seats: Number(seats),
    year: numberOrBlank(year),
    kmPerDayLimit: numberOrBlank(kmPerDayLimit),
    depositPaise: paiseOrBlank(depositPaise),
    // A blank one is cleared on editing, as the limit it goes with: with a limit the check asks for it.
    extraKmPrice: extraKmPrice.trim() === '' ? blank : Math.round(Number(extraKmPrice) * 100),
    fuelEighthPrice: paiseOrBlank(fuelEighthPrice),
    batteryTenthPrice: paiseOrBlank(batteryTenthPrice),
  };
}

/** The add call's body (the contract's OwnerCarInput, which the form checks): the price as typed. */
export const addCarBody = (values: CarFormValues) => carFields(values, undefined);

/** The edit call's body (the contract's OwnerCarEdit, which the form checks): the price as a number, where the add call sends it as typed. */
export const editCarBody = (id: string, values: CarFormValues) => ({
  id,
  ...carFields(values, null),
  price: Number(values.price),
});

export function useAddOwnerCar() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Answers the new car's id, to upload its photos to; undefined if the server did not say. */
    mutationFn: async (values: CarFormValues) => {
      const { answer, carId } = await addOwnerCar(addCarBody(values));
      if (answer.trim() !== 'saved') {
        throw new Error(t('owner.save.notConfirmed'));
      }
      return carId;
    },
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}

export function useEditOwnerCar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CarFormValues) => {
      const answer = await editOwnerCar(editCarBody(id, values));
      if (answer.code !== 200) throw new Error(answer.message);
    },
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}

/** Answers what happened to each car, for the owner's report. */
export function useDeleteOwnerCars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]): Promise<DeletedCount> => {
      const answer = await deleteOwnerCars(ids);
      if (answer.code !== 200) throw new Error(answer.message);
      return answer.data;
    },
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}

export function usePauseOwnerCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => setOwnerCarPaused(id, paused),
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}

/** A change to a car's photos shows in its owner's car and in the public lists (its cover is the card's picture). */
function photosChanged(queryClient: QueryClient, carId: string, photos: CarPhoto[]) {
  queryClient.setQueryData<OwnerCar>(ownerCarKeys.detail(carId), (car) => (car ? { ...car, photos } : car));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerCarKeys.list }),
    queryClient.invalidateQueries({ queryKey: carKeys.all }),
  ]);
}

/** Uploads one photo to the car; `onProgress` hears the share sent, from 0 to 1. */
export function useUploadCarPhoto(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (sent: number) => void }) =>
      uploadCarPhoto(carId, file, onProgress),
    onSuccess: (photo) => {
      const photos = [...(queryClient.getQueryData<OwnerCar>(ownerCarKeys.detail(carId))?.photos ?? []), photo];
      return photosChanged(queryClient, carId, photos);
    },
  });
}

export function useDeleteCarPhoto(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => deleteCarPhoto(carId, photoId),
    onSuccess: (photos) => photosChanged(queryClient, carId, photos),
  });
}

export function useOrderCarPhotos(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CarPhotoOrder) => orderCarPhotos(carId, body),
    onSuccess: (photos) => photosChanged(queryClient, carId, photos),
  });
}
