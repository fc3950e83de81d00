/**
 * quantity x price in rupees, rounded to the paisa half away from zero as Postgres' round(numeric, 2)
 * does, computed on whole numbers (quantity in thousandths, price in ten-thousandths of a rupee)
 * so that no float error creeps into an amount the server also computes.
 */
export function lineAmount(quantity: number, price: number): number {
  const scaled = BigInt(Math.round(quantity * 1000)) * BigInt(Math.round(price * 10_000));
  const half = scaled < 0n ? -50_000n : 50_000n;
  return Number((scaled + half) / 100_000n) / 100;
}

/** A sum of rupee amounts, added in paise. */
export function sumAmounts(amounts: number[]): number {
  return amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100;
}
