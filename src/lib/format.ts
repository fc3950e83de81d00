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

// Undefined locale: the user's own browser locale.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

/** A timestamp from the database in the user's locale. */
export function formatDateTime(timestamp: string): string {
  return dateTime.format(new Date(timestamp));
}

/** A stock or BOM quantity: whole numbers plain, fractions (metres, kilograms) up to 3 decimals. */
export function formatQuantity(value: number): string {
  return quantity.format(value);
}
