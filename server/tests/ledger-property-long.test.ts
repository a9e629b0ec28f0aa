import { afterAll, beforeAll, describe, it } from 'vitest';
import { type LedgerWorld, ledgerProperty, startLedgerWorld } from './ledger-property';

let world: LedgerWorld;

beforeAll(async () => {
  world = await startLedgerWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('the ledger over many random histories', () => {
  it('balances every journal, owes each owner their shares less what was reversed and paid, and keeps the platform’s share', async () => {
    await ledgerProperty(world, 500);
  }, 1_800_000);
});
