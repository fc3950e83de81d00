/**
 * GoTrue's per-IP request limits, with the defaults of `supabase start` (its config.toml
 * `[auth.rate_limit]`): 30 anonymous sign-ins per hour, 30 sign-ups and password sign-ins per
 * 5 minutes. Counts live in memory, as GoTrue's do, so a restart forgets them.
 */
import { AuthFailure } from './errors';

export interface AuthRateLimits {
  /** Anonymous sign-ins per hour per IP (`anonymous_users`). */
  anonymousSignUpsPerHour?: number;
  /** Email sign-ups and password sign-ins per 5 minutes per IP (`sign_in_sign_ups`). */
  passwordAttemptsPer5Min?: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: Required<AuthRateLimits> = {
  anonymousSignUpsPerHour: 30,
  passwordAttemptsPer5Min: 30,
};

/** For test suites and benchmarks, which sign up thousands of users from one address. */
export const RELAXED_AUTH_RATE_LIMITS: Required<AuthRateLimits> = {
  anonymousSignUpsPerHour: 1_000_000,
  passwordAttemptsPer5Min: 1_000_000,
};

export interface RateLimiter {
  /** Counts one request for key; false when the key has used up its window. */
  take(key: string): boolean;
}

/** A sliding window: at most `limit` requests per key in any `windowMs`. */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const requests = new Map<string, number[]>();
  return {
    take(key) {
      const time = now();
      const recent = (requests.get(key) ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= limit) {
        requests.set(key, recent);
        return false;
      }
      recent.push(time);
      requests.set(key, recent);
      // Forget keys whose window has passed, so the map stays as small as the set of active clients.
      if (requests.size > 1000) {
        for (const [other, times] of requests) {
          if (times.every((at) => at <= time - windowMs)) requests.delete(other);
        }
      }
      return true;
    },
  };
}

/** Counts a request from the client's address, or refuses it as GoTrue does once its window is used up. */
export function enforceRateLimit(limiter: RateLimiter, clientAddress: string | undefined): void {
  if (!limiter.take(clientAddress ?? 'unknown')) {
    throw new AuthFailure(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}
