import { signJwt } from './auth/jwt';

/**
 * The public demo secret and keys of `supabase start`, so .env files work unchanged against either.
 * Public by design: the stack refuses to bind a non-loopback address while using this secret.
 */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_PORT = 54321;
export const DEFAULT_HOST = '127.0.0.1';

export function apiKeys(secret: string) {
  const claims = (role: string) => ({ iss: 'supabase-demo', role, exp: 1983812996 });
  return {
    anonKey: signJwt(claims('anon'), secret),
    serviceRoleKey: signJwt(claims('service_role'), secret),
  };
}
