import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { OwnerCarEdit, OwnerCarInput } from '../../domain/schemas/owner-cars';
import { checked } from '../../lib/form-check';
import { carKeys } from '../cars/queries';
import { addOwnerCar, deleteOwnerCars, editOwnerCar, getOwnerCar, listOwnerCars } from './api';
import type { CarFormValues } from './CarForm';

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
 * The form's values as the calls send them: seats, year and the km limit as numbers; a blank year or
 * limit is left out when adding and cleared (null) when editing.
 */
function carFields({ seats, year, kmPerDayLimit, ...values }: CarFormValues, blank: null | undefined) {
  const numberOrBlank = (text: string) => (text.trim() === '' ? blank : Number(text));
  return { ...values, seats: Number(seats), year: numberOrBlank(year), kmPerDayLimit: numberOrBlank(kmPerDayLimit) };
}

export function useAddOwnerCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CarFormValues) => {
      const answer = await addOwnerCar(checked(OwnerCarInput, carFields(values, undefined)));
      if (answer.trim() !== 'saved') {
        throw new Error('The server did not confirm that your car was saved. Check Your Cars before trying again.');
      }
    },
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}

/** The edit call sends the price as a number, where the add call sends it as typed. */
export function useEditOwnerCar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CarFormValues) => {
      const answer = await editOwnerCar(checked(OwnerCarEdit, { id, ...carFields(values, null), price: Number(values.price) }));
      if (answer.code !== 200) throw new Error(answer.message);
    },
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}

export function useDeleteOwnerCars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const answer = await deleteOwnerCars(ids);
      if (answer.code !== 200) throw new Error(answer.message);
    },
    onSuccess: () => ownerCarsChanged(queryClient),
  });
}
