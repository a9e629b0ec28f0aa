import { accountHandlers, resetAccounts } from './handlers/accounts';
import { ownerCarHandlers, resetOwnerCars } from './handlers/owner-cars';
import { commentHandlers, resetComments } from './handlers/comments';
import { marketplaceHandlers, resetMarketplace } from './handlers/marketplace';

/** The faked rental API: each module answers one resource with the contract's shapes, from state it resets per test. */
export const handlers = [...accountHandlers, ...ownerCarHandlers, ...commentHandlers, ...marketplaceHandlers];

export function resetMockData(): void {
  resetAccounts();
  resetOwnerCars();
  resetComments();
  resetMarketplace();
}
