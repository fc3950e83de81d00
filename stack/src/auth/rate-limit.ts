/**
 * GoTrue's per-IP request limits, with the defaults of `supabase start` (its config.toml
 * `[auth.rate_limit]`): 30 anonymous sign-ins per hour, 30 sign-ups, password sign-ins and
 * password changes per 5 minutes. Counts live in memory, as GoTrue's do, so a restart forgets them.
 * Every address of the loopback range counts as one client (rateLimitKey), except the app's own
 * anonymous sign-ins, which count apart (anonymousSignUpKey).
 */
import { BlockList, isIP, SocketAddress } from 'node:net';
import { AuthFailure } from './errors';

export interface AuthRateLimits {
  /** Anonymous sign-ins per hour per IP (`anonymous_users`). */
  anonymousSignUpsPerHour?: number;
  /**
   * Email sign-ups, password sign-ins and password changes (`PUT /user` with a password) per
   * 5 minutes per IP (`sign_in_sign_ups`): every request that runs bcrypt counts here.
   */
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

const LOOPBACK_CLIENT = 'loopback';
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * The client a request counts against: its address, except that the whole loopback range
 * (127.0.0.0/8, ::1, and 127.x.y.z mapped into IPv6 as ::ffff:127.x.y.z) is one client, `loopback`.
 * Any process on the machine may send from any of 16 million 127.x.y.z addresses, so counting
 * them apart gave it as many allowances. An IPv4 address mapped into IPv6 counts as that IPv4
 * address, other IPv6 addresses in their canonical spelling; anything that is not an address
 * (a destroyed socket has none) counts as one `unknown` client.
 */
export function rateLimitKey(clientAddress: string | undefined): string {
  const family = clientAddress ? isIP(clientAddress) : 0;
  if (!clientAddress || family === 0) return 'unknown';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // BlockList matches an IPv4-mapped IPv6 address against the IPv4 subnet too.
  if (LOOPBACK.check(clientAddress, type)) return LOOPBACK_CLIENT;
  const canonical = new SocketAddress({ address: clientAddress, family: type }).address;
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical)?.[1] ?? canonical;
}

/**
 * The client an anonymous sign-in counts against: rateLimitKey's, except that a sign-in from this
 * machine by the app itself (its Origin one of the app's: a browser sets Origin and no page can
 * change it) counts apart from every other local caller. A script, a test run or a tool signing up
 * from loopback then never uses up the allowance the owner's browser needs to start a workspace;
 * the app's own sign-ins (one per browser, and one after each sign-out) keep a limit of their own.
 */
export function anonymousSignUpKey(
  clientAddress: string | undefined,
  origin: string | undefined,
  appOrigins: readonly string[],
): string {
  const client = rateLimitKey(clientAddress);
  return client === LOOPBACK_CLIENT && origin !== undefined && appOrigins.includes(origin) ? `${client} app` : client;
}

/** Counts a request of the client `key` names, or refuses it as GoTrue does once its window is used up. */
export function enforceRateLimit(limiter: RateLimiter, key: string): void {
  if (!limiter.take(key)) {
    throw new AuthFailure(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}
