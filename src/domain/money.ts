const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Rupees as India writes them, with lakh grouping: ₹1,23,456.00. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** An amount in paise, written in rupees with its paise: 1,23,456 paise is ₹1,234.56. */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

/** A rate in basis points as a percentage: 900 is 9%, 450 is 4.5%. */
export function formatRateBps(rateBps: number): string {
  return `${rateBps / 100}%`;
}
