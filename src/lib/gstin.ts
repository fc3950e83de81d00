import type { z } from 'zod';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A GSTIN's shape: state code, PAN, entity number, one more character, check character. The 14th
 * is Z for a normal taxpayer; other registrations (an e-commerce operator collecting TCS, a UIN)
 * use other characters, and rules.is_valid_gstin accepts them for the business and its buyers.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/;
/** A normal taxpayer's GSTIN (a supplier's, as create_supplier takes it): Z as the 14th character. */
export const TAXPAYER_GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character a GSTIN ends with, from its first 14 (Luhn mod 36), as
 * rules.is_valid_gstin checks it on the server: 27AAPFU0939F1Z gives V.
 */
export function gstinCheckCharacter(gstin: string): string {
  let sum = 0;
  for (let i = 1; i <= 14; i++) {
    const product = ALPHABET.indexOf(gstin[i - 1]!) * (2 - (i % 2));
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN (upper case) of the given shape, in the server's words, or null when it may be saved. */
export function gstinProblem(gstin: string, pattern: RegExp = GSTIN_PATTERN): string | null {
  if (!pattern.test(gstin)) return 'GSTIN must be 15 characters like 27AAPFU0939F1ZV.';
  if (gstin[14] !== gstinCheckCharacter(gstin)) {
    return "This GSTIN's last character does not match the rest: check it for a typo.";
  }
  return null;
}

/**
 * A GSTIN, when given, and the state it must belong to, as a form with both fields checks them: what
 * is wrong with the GSTIN goes on gstin; a state that is not the GSTIN's goes on state_code, in the
 * words of the operation that saves them (`mismatch`, given the GSTIN's state code).
 */
export function checkGstinState(
  party: { gstin: string; state_code: string },
  ctx: z.RefinementCtx,
  mismatch: (gstinStateCode: string) => string,
): void {
  const problem = party.gstin === '' ? null : gstinProblem(party.gstin);
  if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  else if (party.gstin !== '' && party.state_code !== '' && party.gstin.slice(0, 2) !== party.state_code)
    ctx.addIssue({ code: 'custom', path: ['state_code'], message: mismatch(party.gstin.slice(0, 2)) });
}
