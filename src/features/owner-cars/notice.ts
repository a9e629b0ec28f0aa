import { t } from './words';

/**
 * What an owner is told on Your Cars after adding or editing a car. It travels in the router's state
 * (not the address), and the list drops it once read, so a reload or a bookmark does not repeat it.
 */
export interface OwnerCarsState {
  notice: string;
}

export const carListed = (carname: string): OwnerCarsState => ({ notice: t('owner.notice.listed', { carName: carname.trim() }) });

/** Saved, but kept from renters: none of its photos was uploaded and the owner did not list it without them. */
export const carPaused = (carname: string): OwnerCarsState => ({ notice: t('owner.list.paused', { carName: carname.trim() }) });

export const carChangesSaved = (carname: string): OwnerCarsState => ({
  notice: t('owner.notice.changesSaved', { carName: carname.trim() }),
});

/** The notice carried to the list, if the state the router holds is one. */
export function noticeIn(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' ? state.notice : undefined;
}
