/**
 * What GoTrue accepts from a client, checked before anything is written: JSON bodies, emails,
 * passwords, and `data` (user_metadata). user_metadata is copied into every access token, so its
 * size bounds the token: a token must always fit in the headers the stack accepts.
 */
import { jsonDepth } from '../json-depth';
import { AuthFailure } from './errors';

/** GoTrue's default minimum (the CLI's `minimum_password_length`); bcrypt reads at most 72 bytes. */
export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_BYTES = 72;
const MAX_EMAIL_LENGTH = 255;

/** JSON bytes of user_metadata: with it an access token stays under ~7 KB, far below Node's 16 KB of headers. */
export const MAX_METADATA_BYTES = 4096;
/** Nesting of user_metadata (objects and arrays), and of a whole request body. */
export const MAX_METADATA_DEPTH = 8;
const MAX_BODY_DEPTH = 32;

export function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  // Measured before parsing, so no deeply nested body ever reaches a recursive walk or the database.
  if (jsonDepth(text) > MAX_BODY_DEPTH) {
    throw new AuthFailure(
      400,
      'bad_json',
      `Could not parse request body as JSON: nested deeper than ${MAX_BODY_DEPTH} levels`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthFailure(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthFailure(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Record<string, unknown>;
}

/** GoTrue's validateEmail: a plausible address, stored lower-cased. */
export function validEmail(value: unknown): string {
  if (typeof value !== 'string')
    throw new AuthFailure(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  const email = value.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH) throw new AuthFailure(400, 'validation_failed', 'An email address is too long');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new AuthFailure(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** GoTrue's checkPasswordStrength with the CLI defaults (length only). */
export function checkPasswordStrength(password: unknown): string {
  if (typeof password !== 'string') throw new AuthFailure(400, 'validation_failed', 'password must be a string');
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new AuthFailure(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw new AuthFailure(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  return password;
}

/** `data` as a JSON object, or nothing when absent. */
export function metadataObject(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthFailure(400, 'validation_failed', 'data must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** Refuses user_metadata that would make tokens too large for the stack or nests too deeply. */
export function checkMetadataBounds(metadata: Record<string, unknown>): void {
  if (depthOf(metadata) > MAX_METADATA_DEPTH) {
    throw new AuthFailure(400, 'validation_failed', `user_metadata may nest at most ${MAX_METADATA_DEPTH} levels deep`);
  }
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > MAX_METADATA_BYTES) {
    throw new AuthFailure(
      400,
      'validation_failed',
      `user_metadata may be at most ${MAX_METADATA_BYTES} bytes of JSON (it would be ${bytes}): it is copied into every access token`,
    );
  }
}

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

/** GoTrue's UpdateUserMetaData: keys merge into the existing object, a null value removes its key. */
export function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
