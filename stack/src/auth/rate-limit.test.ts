import { describe, expect, it } from 'vitest';
import { AuthFailure } from './errors';
import { anonymousSignUpKey, createRateLimiter, enforceRateLimit, rateLimitKey } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` requests per key in any window, and more once the oldest leave it', () => {
    let now = 0;
    const limiter = createRateLimiter(2, 1000, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 999;
    expect(limiter.take('a')).toBe(false);
    now = 1001;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
  });

  it('does not count refused requests against the window', () => {
    let now = 0;
    const limiter = createRateLimiter(1, 1000, () => now);
    limiter.take('a');
    now = 500;
    expect(limiter.take('a')).toBe(false);
    now = 1001;
    expect(limiter.take('a')).toBe(true);
  });
});

describe('rateLimitKey', () => {
  it('counts the whole loopback range as one client: 127.0.0.0/8, ::1 and 127.x.y.z mapped into IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.0.0.2',
      '127.1.2.3',
      '127.255.255.254',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:127.9.8.7',
      '::FFFF:127.0.0.2',
      '::ffff:7f00:2',
    ]) {
      expect(rateLimitKey(address), address).toBe('loopback');
    }
  });

  it('keeps other addresses apart, an IPv4 address mapped into IPv6 as that IPv4 address', () => {
    expect(rateLimitKey('10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitKey('128.0.0.1')).toBe('128.0.0.1');
    expect(rateLimitKey('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(rateLimitKey('::')).toBe('::');
    expect(rateLimitKey('10.0.0.1')).not.toBe(rateLimitKey('10.0.0.2'));
  });

  it('counts a missing address and anything that is not an address as one unknown client', () => {
    expect(rateLimitKey(undefined)).toBe('unknown');
    expect(rateLimitKey('')).toBe('unknown');
    expect(rateLimitKey('127.evil.example')).toBe('unknown');
  });
});

describe('enforceRateLimit', () => {
  it('refuses the loopback range once one of its addresses has used the window, with 429 over_request_rate_limit', () => {
    const limiter = createRateLimiter(2, 1000);
    enforceRateLimit(limiter, rateLimitKey('127.0.0.1'));
    enforceRateLimit(limiter, rateLimitKey('127.0.0.2'));
    for (const address of ['127.1.2.3', '::1', '::ffff:127.0.0.3']) {
      let refused: unknown;
      try {
        enforceRateLimit(limiter, rateLimitKey(address));
      } catch (error) {
        refused = error;
      }
      expect(refused, address).toBeInstanceOf(AuthFailure);
      expect(refused).toMatchObject({ status: 429, errorCode: 'over_request_rate_limit' });
    }
    // Another machine has its own allowance.
    expect(() => enforceRateLimit(limiter, rateLimitKey('192.0.2.7'))).not.toThrow();
  });
});

describe('anonymousSignUpKey', () => {
  const app = ['http://127.0.0.1:5173', 'http://localhost:5173'];

  it("counts the app's own sign-ins from this machine apart from every other local caller", () => {
    expect(anonymousSignUpKey('127.0.0.1', 'http://127.0.0.1:5173', app)).toBe('loopback app');
    expect(anonymousSignUpKey('::1', 'http://localhost:5173', app)).toBe('loopback app');
    // No Origin (a script, curl, a test) or another origin: the one loopback client.
    expect(anonymousSignUpKey('127.0.0.1', undefined, app)).toBe('loopback');
    expect(anonymousSignUpKey('127.0.0.2', 'http://127.0.0.1:8080', app)).toBe('loopback');
  });

  it('keeps counting other machines per address, whatever Origin they send', () => {
    expect(anonymousSignUpKey('10.0.0.1', 'http://127.0.0.1:5173', app)).toBe('10.0.0.1');
    expect(anonymousSignUpKey(undefined, 'http://127.0.0.1:5173', app)).toBe('unknown');
  });
});
