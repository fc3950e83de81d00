/**
 * GoTrue's anonymous flows and the gateway in front of every service, through the real supabase-js
 * client and raw HTTP where the client hides the wire (wire facts §0 and §1).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../stack/src/auth/jwt';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { describeStack, newClient, signIn, stackKinds, startTestStack, type StackKind, type TestStack } from './harness';

/** The app's origin (vite.config.ts), which the local stack allows by default. */
const APP_ORIGIN = 'http://127.0.0.1:5173';

/** Supabase answers every origin with `*`; the local stack names only the app's origins. */
const allowedOrigin = (kind: StackKind, origin: string) => (kind === 'supabase' ? '*' : origin);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** A raw request with the anon key, as supabase-js sends it. */
function call(stack: TestStack, route: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${stack.url}${route}`, {
    ...init,
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...init.headers },
  });
}

function refresh(stack: TestStack, refreshToken: string, headers: Record<string, string> = API_VERSION) {
  return call(stack, '/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    headers,
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

describeStack('auth', (stack) => {
  it('signs in anonymously with the session and user shape of GoTrue', async () => {
    const response = await call(stack(), '/auth/v1/signup', {
      method: 'POST',
      headers: { authorization: `Bearer ${stack().anonKey}`, ...API_VERSION },
      body: JSON.stringify({ data: {}, gotrue_meta_security: {} }),
    });
    expect(response.status).toBe(200);
    const session = await response.json();
    expect(Object.keys(session).sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user'].sort(),
    );
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.user).toEqual({
      id: expect.stringMatching(UUID),
      aud: 'authenticated',
      role: 'authenticated',
      email: '',
      phone: '',
      last_sign_in_at: expect.stringMatching(TIMESTAMP),
      app_metadata: {},
      user_metadata: {},
      identities: [],
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      is_anonymous: true,
    });
  });

  it('issues access tokens with the claims GoTrue puts in them', async () => {
    const { session, id } = await signIn(stack());
    const claims = claimsOf(session.access_token);
    expect(claims).toEqual({
      iss: `${stack().url}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      exp: session.expires_at,
      iat: expect.any(Number),
      email: '',
      phone: '',
      app_metadata: {},
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'anonymous', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(UUID),
      is_anonymous: true,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(JSON.parse(Buffer.from(session.access_token.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({
      alg: 'HS256',
      typ: 'JWT',
    });
  });

  it('keeps the user, its session and its refresh token in the auth schema', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const { session, id } = await signIn(stack());
    const { rows } = await db.query<{ is_anonymous: boolean; sessions: number; tokens: number }>(
      `select u.is_anonymous,
              (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions,
              (select count(*)::int from auth.refresh_tokens t
                 where t.user_id = u.id::text and t.token = $2 and not t.revoked) as tokens
       from auth.users u where u.id = $1`,
      [id, session.refresh_token],
    );
    expect(rows).toEqual([{ is_anonymous: true, sessions: 1, tokens: 1 }]);
  });

  it('returns the signed-in user from getUser, and the bare user object on the wire', async () => {
    const { client, session } = await signIn(stack());
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toEqual(session.user);

    const response = await call(stack(), '/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(session.user);
  });

  it('refuses getUser without a user token, with a forged one, and for an unknown user', async () => {
    const none = await call(stack(), '/auth/v1/user', { headers: API_VERSION });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });

    const forged = signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: 4e9 }, 'not-the-secret-not-the-secret-32chars');
    const bad = await call(stack(), '/auth/v1/user', { headers: { authorization: `Bearer ${forged}`, ...API_VERSION } });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 'bad_jwt' });

    const ghost = signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: 4e9 }, DEMO_JWT_SECRET);
    const missing = await call(stack(), '/auth/v1/user', { headers: { authorization: `Bearer ${ghost}`, ...API_VERSION } });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'user_not_found' });
  });

  it('rotates refresh tokens: each refresh gives a new token for the same user and session', async () => {
    const { client, session, id } = await signIn(stack());
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const next = data.session;
    if (!next) throw new Error('no refreshed session');
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(id);
    expect(claimsOf(next.access_token)).toMatchObject({
      sub: id,
      session_id: claimsOf(session.access_token).session_id,
      amr: claimsOf(session.access_token).amr,
    });
    expect((await client.auth.getUser()).data.user?.id).toBe(id);
  });

  it('answers a replayed refresh token with the successor it already issued', async () => {
    const { session } = await signIn(stack());
    const first = await refresh(stack(), session.refresh_token);
    expect(first.status).toBe(200);
    const successor = (await first.json()).refresh_token;

    const replay = await refresh(stack(), session.refresh_token);
    expect(replay.status).toBe(200);
    expect((await replay.json()).refresh_token).toBe(successor);
  });

  it('refuses a revoked refresh token past the reuse interval and revokes its whole family', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const { session } = await signIn(stack());
    const second = (await (await refresh(stack(), session.refresh_token)).json()).refresh_token as string;
    const third = (await (await refresh(stack(), second)).json()).refresh_token as string;
    // The reuse interval is 10 s; move the first token's revocation 11 s into the past instead of waiting.
    await db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1",
      [session.refresh_token],
    );

    const reused = await refresh(stack(), session.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await reused.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const { rows } = await db.query<{ revoked: boolean }>('select revoked from auth.refresh_tokens where token = $1', [third]);
    expect(rows).toEqual([{ revoked: true }]);
  });

  it('refuses an unknown refresh token, in the 2024-01-01 shape and in the legacy shape', async () => {
    const modern = await refresh(stack(), 'not-a-token');
    expect(modern.status).toBe(400);
    expect(await modern.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });

    const legacy = await refresh(stack(), 'not-a-token', {});
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toMatchObject({
      code: 400,
      error_code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    });

    const { data, error } = await stack().newClient().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('logs out: 204, then the refresh token and the session are gone', async () => {
    const { client, session } = await signIn(stack());
    const response = await call(stack(), '/auth/v1/logout?scope=global', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    const refreshed = await refresh(stack(), session.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ code: 'refresh_token_not_found' });

    const user = await call(stack(), '/auth/v1/user', {
      headers: { authorization: `Bearer ${session.access_token}`, ...API_VERSION },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
    // auth-js turns session_not_found into "no session", which makes the app sign in again.
    const { data, error } = await client.auth.getUser(session.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('signs out through supabase-js', async () => {
    const { client, session } = await signIn(stack());
    expect(await client.auth.signOut()).toEqual({ error: null });
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect((await refresh(stack(), session.refresh_token)).status).toBe(400);
  });

  it('refuses phone sign-up (the phone provider is off) and bodies that are not JSON', async () => {
    const phone = await call(stack(), '/auth/v1/signup', {
      method: 'POST',
      headers: API_VERSION,
      body: JSON.stringify({ phone: '+15555550100', password: 'secret-password' }),
    });
    expect(phone.status).toBe(422);
    expect(await phone.json()).toMatchObject({ code: 'phone_provider_disabled' });

    const garbage = await call(stack(), '/auth/v1/signup', { method: 'POST', headers: API_VERSION, body: '{"data":' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ code: 'bad_json' });
  });
});

describeStack('gateway', (stack) => {
  const noKey = { message: 'No API key found in request', hint: expect.any(String) };
  const badKey = { message: 'Invalid API key', hint: expect.any(String) };

  it.each(['/rest/v1/products', '/auth/v1/user', '/auth/v1/signup'])('%s needs an API key', async (route) => {
    const response = await fetch(`${stack().url}${route}`, { method: route.endsWith('signup') ? 'POST' : 'GET' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(noKey);
  });

  it('takes the API key from ?apikey= too, and keeps it from the service', async () => {
    const { session } = await signIn(stack());
    const response = await fetch(`${stack().url}/rest/v1/products?select=id&apikey=${stack().anonKey}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it.each(['/rest/v1/products', '/auth/v1/user'])('%s refuses a wrong API key', async (route) => {
    const response = await fetch(`${stack().url}${route}`, { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(badKey);
  });

  it('refuses a realtime WebSocket without a valid API key', async () => {
    const statusOf = (query: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${stack().url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0${query}`);
        socket.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.on('open', () => {
          socket.close();
          reject(new Error('the socket opened'));
        });
        socket.on('error', () => {});
      });
    expect(await statusOf('')).toBe(401);
    expect(await statusOf('&apikey=not-a-key')).toBe(401);
  });

  const forgeries: [string, string, () => Promise<string>][] = [
    ['alg none', 'PGRST301', async () => unsigned({ alg: 'none', typ: 'JWT' }, { role: 'service_role', exp: 4e9 })],
    ['the wrong secret', 'PGRST301', async () => signJwt({ role: 'service_role', exp: 4e9 }, 'x'.repeat(40))],
    [
      'an expired token',
      'PGRST303',
      async () => signJwt({ role: 'authenticated', sub: crypto.randomUUID(), exp: 1_000_000 }, DEMO_JWT_SECRET),
    ],
    [
      'tampered claims',
      'PGRST301',
      async () => {
        const token = (await signIn(stack())).session.access_token;
        const [header, , signature] = token.split('.');
        const claims = { ...claimsOf(token), role: 'service_role' };
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      },
    ],
    ['a token that is not a JWT', 'PGRST301', async () => 'garbage'],
  ];

  it.each(forgeries)('refuses REST calls with %s: 401 and PostgREST %s', async (_name, code, forge) => {
    const response = await call(stack(), '/rest/v1/products?select=id', {
      headers: { authorization: `Bearer ${await forge()}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.json()).toMatchObject({ code, message: expect.any(String) });
  });

  it.each(['postgres', 'supabase_admin', 'authenticator'])(
    'refuses a correctly signed token claiming role %s',
    async (role) => {
      const token = signJwt({ role, exp: 4e9 }, DEMO_JWT_SECRET);
      const response = await call(stack(), '/rest/v1/products?select=id', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: expect.any(String), message: expect.stringContaining(role) });
    },
  );

  it.each(['/rest/v1/products', '/auth/v1/signup'])('answers the CORS preflight for %s', async (route) => {
    const response = await fetch(`${stack().url}${route}`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, x-client-info, content-type',
      },
    });
    expect([200, 204]).toContain(response.status);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin(stack().kind, APP_ORIGIN));
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    for (const header of [
      'authorization',
      'apikey',
      'x-client-info',
      'content-type',
      'prefer',
      'accept-profile',
      'content-profile',
      'x-supabase-api-version',
      'x-retry-count',
    ]) {
      expect(allowed).toContain(header);
    }
    expect((response.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toMatch(/PATCH/);
  });

  it('exposes Content-Range, Location and X-Supabase-Api-Version to browsers', async () => {
    for (const response of [
      await call(stack(), '/auth/v1/user', { headers: { origin: APP_ORIGIN } }),
      await fetch(`${stack().url}/rest/v1/products`, { headers: { origin: APP_ORIGIN } }),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin(stack().kind, APP_ORIGIN));
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['content-range', 'location', 'x-supabase-api-version']));
    }
  });

  it('refuses request bodies over 2 MB with 413 and keeps serving', async (ctx) => {
    if (stack().kind === 'supabase') return ctx.skip();
    const response = await call(stack(), '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ data: { blob: 'x'.repeat(3 * 1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
    expect((await call(stack(), '/auth/v1/user')).status).toBe(401);
  });

  it('runs no SQL over HTTP, whatever the key', async (ctx) => {
    if (stack().kind === 'supabase') return ctx.skip();
    for (const apikey of [stack().anonKey, stack().serviceRoleKey]) {
      const response = await fetch(`${stack().url}/stack/v1/sql`, {
        method: 'POST',
        headers: { apikey, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'select 1' }),
      });
      expect(response.status).toBe(404);
    }
  });

  it('answers 404 for paths outside the services', async (ctx) => {
    if (stack().kind === 'supabase') return ctx.skip();
    expect((await call(stack(), '/nowhere')).status).toBe(404);
  });
});

describe.runIf(stackKinds().includes('embedded'))('auth sessions on a persisted data directory', () => {
  it('survive a stack restart: same user, and the refresh token still works', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-auth-restart-'));
    try {
      const first = await startTestStack('embedded', { dataDir });
      const { session, id } = await signIn(first);
      await first.close();

      const second = await startTestStack('embedded', { dataDir });
      try {
        const client = newClient(second.url, second.anonKey);
        const restored = await client.auth.setSession({
          access_token: session.access_token,
          refresh_token: session.refresh_token,
        });
        expect(restored.error).toBeNull();
        expect(restored.data.user?.id).toBe(id);
        const refreshed = await client.auth.refreshSession();
        expect(refreshed.error).toBeNull();
        expect(refreshed.data.user?.id).toBe(id);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

function unsigned(header: object, claims: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode(header)}.${encode(claims)}.`;
}
