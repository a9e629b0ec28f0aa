/** Counts with India's digit grouping (1,23,456), as the product writes rupees. */
const countFormat = new Intl.NumberFormat('en-IN');

export function formatCount(count: number): string {
  return countFormat.format(count);
}
