/** "1 hour", "8 hours": how the checkout and the receipt count a period. */
export function hoursLabel(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
