import { z } from 'zod';

// The stock columns keep three decimals; the server refuses more (private.require_at_most_three_decimals).
export function hasAtMostThreeDecimals(value: number): boolean {
  return Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
}

/** A number the server takes as at most 1000000000 (private.require_number). */
export const withinServerLimit = (label: string) =>
  z.number().max(1_000_000_000, `${label} must be at most 1000000000.`);

/** A note or reason: optional text of at most 500 characters, as the ledger stores it. */
export const noteField = (label: string) =>
  z.string().trim().max(500, `${label} must be at most 500 characters.`);
