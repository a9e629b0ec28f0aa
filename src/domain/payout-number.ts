/** A payout as people and bank statements name it: the database's running number, such as `P-42`. */
export function payoutNumber(sequence: number): string {
  return `P-${sequence}`;
}

/** A payout run as the console names it: `R-3`. */
export function payoutRunNumber(sequence: number): string {
  return `R-${sequence}`;
}

/** The name a run's bank file is downloaded under: `payouts-R-3.csv`. */
export function bankFileName(runSequence: number): string {
  return `payouts-${payoutRunNumber(runSequence)}.csv`;
}
