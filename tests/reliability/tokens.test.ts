/**
 * Forged tokens where tests/contract/auth.test.ts does not look: RPC writes over REST, the realtime
 * join, and a realtime access_token update. (auth.test.ts covers REST reads, getUser and the
 * socket's API key.) Every forgery is refused, and nothing of the victim's changes.
 */
import { expect, it } from 'vitest';
import { signJwt } from '../../stack/src/auth/jwt';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { describeStack, type TestStack } from '../contract/harness';
import { createProduct, RawRealtime, request, signIn, snapshotOf, type User } from './support';

const WRONG_SECRET = 'not-the-secret-but-just-as-long-as-the-real-one';
const FAR_FUTURE = 4e9;

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** The attacker's own valid token with some claims replaced, keeping its original signature. */
function tampered(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${encode({ ...claimsOf(token), ...changes })}.${signature}`;
}

interface Forgery {
  name: string;
  /** PostgREST's code for the refusal. */
  restCode: string;
  forge(attacker: User, victim: User): string;
}

const forgeries: Forgery[] = [
  {
    name: 'alg none claiming the victim',
    restCode: 'PGRST301',
    forge: (_a, victim) =>
      `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: victim.id, role: 'authenticated', exp: FAR_FUTURE })}.`,
  },
  {
    name: 'alg none claiming service_role',
    restCode: 'PGRST301',
    forge: () => `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ role: 'service_role', exp: FAR_FUTURE })}.`,
  },
  {
    name: 'the wrong secret claiming the victim',
    restCode: 'PGRST301',
    forge: (_a, victim) => signJwt({ sub: victim.id, role: 'authenticated', exp: FAR_FUTURE }, WRONG_SECRET),
  },
  {
    name: 'the wrong secret claiming service_role',
    restCode: 'PGRST301',
    forge: () => signJwt({ role: 'service_role', exp: FAR_FUTURE }, WRONG_SECRET),
  },
  {
    name: 'the wrong secret claiming postgres',
    restCode: 'PGRST301',
    forge: () => signJwt({ role: 'postgres', exp: FAR_FUTURE }, WRONG_SECRET),
  },
  {
    name: 'an expired token of the victim, correctly signed',
    restCode: 'PGRST303',
    forge: (_a, victim) => signJwt({ sub: victim.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 }, DEMO_JWT_SECRET),
  },
  {
    name: "the attacker's token with sub changed to the victim",
    restCode: 'PGRST301',
    forge: (attacker, victim) => tampered(attacker.token, { sub: victim.id }),
  },
  {
    name: "the attacker's token with role changed to service_role",
    restCode: 'PGRST301',
    forge: (attacker) => tampered(attacker.token, { role: 'service_role' }),
  },
  {
    name: "the attacker's token with its expiry extended",
    restCode: 'PGRST301',
    forge: (attacker) => tampered(attacker.token, { exp: FAR_FUTURE }),
  },
  {
    name: 'a correctly signed token claiming role postgres',
    restCode: '42501',
    forge: () => signJwt({ role: 'postgres', exp: FAR_FUTURE }, DEMO_JWT_SECRET),
  },
  {
    name: 'a correctly signed token claiming role supabase_admin for the victim',
    restCode: '42501',
    forge: (_a, victim) => signJwt({ sub: victim.id, role: 'supabase_admin', exp: FAR_FUTURE }, DEMO_JWT_SECRET),
  },
];

describeStack('forged tokens on RPC and realtime', (stack) => {
  /** A victim with a product in stock and an attacker with a session of their own, made once per stack. */
  const scenes = new WeakMap<TestStack, Promise<{ victim: User; attacker: User; productId: string }>>();
  function scene(s: TestStack) {
    let made = scenes.get(s);
    if (!made) {
      made = (async () => {
        const victim = await signIn(s);
        const productId = await createProduct(victim, 'Victim product', 5);
        return { victim, attacker: await signIn(s), productId };
      })();
      scenes.set(s, made);
    }
    return made;
  }

  it.each(forgeries)('REST RPC with $name: 401 $restCode, nothing written', async ({ forge, restCode }) => {
    const { victim, attacker, productId } = await scene(stack());
    const before = await snapshotOf(stack(), victim.id);
    const token = forge(attacker, victim);

    const calls = [
      ['log_sale', { product_id: productId, quantity: 1, platform: 'Amazon' }],
      ['start_production', { product_id: productId, quantity_to_produce: 1 }],
      ['create_product', { sku: 'FORGED', product_name: 'Forged', selling_price: 1 }],
      ['dashboard_summary', {}],
    ] as const;
    for (const [fn, args] of calls) {
      const response = await request(stack(), token, `/rest/v1/rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) });
      expect(response.status, fn).toBe(401);
      expect(response.headers.get('www-authenticate'), fn).toMatch(/^Bearer/);
      expect(await response.json(), fn).toMatchObject({ code: restCode, message: expect.any(String) });
    }
    expect(await snapshotOf(stack(), victim.id)).toEqual(before);
  });

  it.each(forgeries)('realtime join with $name: refused', async ({ forge }) => {
    const { victim, attacker } = await scene(stack());
    const socket = await RawRealtime.open(stack());
    try {
      const reply = await socket.join(
        'forged',
        [{ event: '*', schema: 'public', table: 'products', filter: `user_id=eq.${victim.id}` }],
        forge(attacker, victim),
      );
      expect(reply.status).toBe('error');
      expect(String(reply.response.reason)).toMatch(/token|jwt|role/i);
      // No channel was made: leaving it is answered as for a topic never joined.
      expect(await socket.leave('forged')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    } finally {
      socket.close();
    }
  });

  it.each(forgeries)('realtime access_token update to $name: the channel is closed', async ({ forge }) => {
    const { victim, attacker } = await scene(stack());
    const socket = await RawRealtime.open(stack());
    try {
      const reply = await socket.join(
        'swap',
        [{ event: '*', schema: 'public', table: 'products', filter: `user_id=eq.${victim.id}` }],
        attacker.token,
      );
      expect(reply.status).toBe('ok');
      socket.push('swap', 'access_token', { access_token: forge(attacker, victim) });
      const system = await socket.next(
        (f) => f[2] === 'realtime:swap' && f[3] === 'system' && (f[4] as { extension?: string }).extension === 'system',
        'system error after the forged token',
      );
      expect(system[4]).toMatchObject({ status: 'error' });
      await socket.next((f) => f[2] === 'realtime:swap' && f[3] === 'phx_close', 'phx_close after the forged token');
      expect(await socket.leave('swap')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    } finally {
      socket.close();
    }
  });

  it('refuses a realtime socket whose apikey is a forged service_role token', async () => {
    const forged = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ role: 'service_role', exp: FAR_FUTURE })}.`;
    for (const apikey of [forged, signJwt({ role: 'service_role', exp: FAR_FUTURE }, WRONG_SECRET)]) {
      await expect(RawRealtime.open(stack(), apikey)).rejects.toThrow(/socket refused: 401/);
    }
  });
});
