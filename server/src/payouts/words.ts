// What the payouts domain tells a client when it refuses, shared by the routes that document them.

export const NO_SUCH_RUN = 'server.payouts.noSuchRun';
export const NO_SUCH_PAYOUT = 'server.payouts.noSuchPayout';
export const NOTHING_TO_SEND = 'server.payouts.nothingToSend';
export const NO_BANK_DETAILS = 'server.payouts.noBankDetails';
export const ALREADY_SETTLED = 'server.payouts.alreadySettled';
export const MARKED_BY_ROUTE = 'server.payouts.markedByRoute';
export const UTR_USED = 'server.payouts.utrUsed';
