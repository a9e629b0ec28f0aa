const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Rupees as India writes them, with lakh grouping: ₹1,23,456.00. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
