import { z } from 'zod';

/** Supabase's default minimum (GoTrue's password.min_length); the server checks it too. */
export const MIN_PASSWORD_LENGTH = 6;

export const emailField = z.string().trim().toLowerCase().email('Enter a valid email address.');

export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
