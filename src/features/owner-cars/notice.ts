/**
 * What an owner is told on Your Cars after adding or editing a car. It travels in the router's state
 * (not the address), and the list drops it once read, so a reload or a bookmark does not repeat it.
 */
export interface OwnerCarsState {
  notice: string;
}

export const carListed = (carname: string): OwnerCarsState => ({ notice: `${carname.trim()} is listed.` });

export const carChangesSaved = (carname: string): OwnerCarsState => ({ notice: `Your changes to ${carname.trim()} are saved.` });

/** The notice carried to the list, if the state the router holds is one. */
export function noticeIn(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' ? state.notice : undefined;
}
