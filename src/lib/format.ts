const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money as the user reads it: Indian rupees with Indian digit grouping, e.g. ₹1,23,456.00. */
export function formatRupees(amount: number | string): string {
  return rupees.format(Number(amount));
}
