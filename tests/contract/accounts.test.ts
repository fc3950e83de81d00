/**
 * Email and password accounts as GoTrue has them with email confirmations off (the `supabase start`
 * default), through the real supabase-js client: an anonymous workspace saved with updateUser, the
 * same workspace opened elsewhere with signInWithPassword, sign-out, refusals, recovery links,
 * per-IP rate limits and bounded user_metadata (wire facts §1).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createAuth, type AuthRequest } from '../../stack/src/auth/gotrue';
import { MAX_METADATA_BYTES } from '../../stack/src/auth/input';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import type { Database } from '../../stack/src/db/database';
import { describeStack, newClient, rpcOk, signIn, type TestStack } from './harness';

const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };
const PASSWORD = 'kept-safe-42';

const uniqueEmail = () => `owner-${randomUUID().slice(0, 8)}@example.com`;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** An anonymous workspace with one raw material in it, saved under a new email. */
async function savedWorkspace(stack: TestStack) {
  const user = await signIn(stack);
  const { client } = user;
  const material = await createMaterial(client, 'Cotton roll');
  const email = uniqueEmail();
  const { data, error } = await client.auth.updateUser({ email, password: PASSWORD });
  expect(error).toBeNull();
  expect(data.user?.id).toBe(user.id);
  return { client, user, email, material };
}

function createMaterial(client: SupabaseClient, name: string): Promise<{ id: string }> {
  return rpcOk<{ id: string }>({ client }, 'create_raw_material', { material_name: name });
}

async function materialNames(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client.from('raw_materials').select('material_name').order('material_name');
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.material_name as string);
}

async function userCount(db: Database): Promise<number> {
  const { rows } = await db.query<{ count: number }>('select count(*)::int as count from auth.users');
  return rows[0]?.count ?? 0;
}

describeStack('accounts', (stack) => {
  it('saves an anonymous workspace: same id, permanent, an email identity, confirmed at once', async () => {
    const { client, user, email } = await savedWorkspace(stack());
    const { data } = await client.auth.getUser();
    expect(data.user).toMatchObject({
      id: user.id,
      email,
      is_anonymous: false,
      email_confirmed_at: expect.any(String),
      confirmed_at: expect.any(String),
      user_metadata: { email_verified: true },
      identities: [
        {
          id: user.id,
          user_id: user.id,
          provider: 'email',
          email,
          identity_id: expect.any(String),
          identity_data: { sub: user.id, email, email_verified: true, phone_verified: false },
        },
      ],
    });
    // The token in hand still says anonymous until the next refresh, as GoTrue's does.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session?.access_token ?? '')).toMatchObject({
      sub: user.id,
      email,
      is_anonymous: false,
    });
  });

  it('stores a bcrypt hash of the password in auth.users.encrypted_password', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const { user } = await savedWorkspace(stack());
    const { rows } = await db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [user.id],
    );
    const hash = rows[0]?.encrypted_password ?? '';
    expect(hash).toMatch(/^\$2[ab]\$10\$.{53}$/);
    expect(await bcrypt.compare(PASSWORD, hash)).toBe(true);
  });

  it('opens the saved workspace on another device with the rows it had, and no one else sees them', async () => {
    const { user, email } = await savedWorkspace(stack());
    const device = stack().newClient();
    const { data, error } = await device.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({
      sub: user.id,
      is_anonymous: false,
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    });
    expect(await materialNames(device)).toEqual(['Cotton roll']);
    await createMaterial(device, 'Dye');

    const stranger = await signIn(stack());
    expect(await materialNames(stranger.client)).toEqual([]);
  });

  it('refuses a wrong password and an unknown email alike: 400 invalid_credentials', async () => {
    const { email } = await savedWorkspace(stack());
    for (const attempt of [
      { email, password: 'not-the-password' },
      { email: uniqueEmail(), password: PASSWORD },
    ]) {
      const { data, error } = await stack().newClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('refuses an email already in use: email_exists when saving, user_already_exists on sign-up', async () => {
    const { email } = await savedWorkspace(stack());
    const other = await signIn(stack());
    const linked = await other.client.auth.updateUser({ email, password: PASSWORD });
    expect(linked.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    expect((await other.client.auth.getUser()).data.user).toMatchObject({ is_anonymous: true, email: '' });

    const signUp = await stack().newClient().auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a password under 6 characters, as weak_password, and writes nothing', async () => {
    const { client } = await signIn(stack());
    const { error } = await client.auth.updateUser({ email: uniqueEmail(), password: '12345' });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
    expect((await client.auth.getUser()).data.user).toMatchObject({ is_anonymous: true, email: '', identities: [] });
  });

  it('refuses a password without an email for an anonymous user', async () => {
    const { client } = await signIn(stack());
    const { error } = await client.auth.updateUser({ password: PASSWORD });
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
  });

  it('saving twice: the same email again changes nothing, another email is refused', async () => {
    const { client, email } = await savedWorkspace(stack());
    const again = await client.auth.updateUser({ email });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toHaveLength(1);
    const moved = await client.auth.updateUser({ email: uniqueEmail() });
    expect(moved.error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('changes the password of a saved workspace and signs out its other sessions', async () => {
    const { client, email } = await savedWorkspace(stack());
    const phone = stack().newClient();
    expect((await phone.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await client.auth.updateUser({ password: 'a-new-secret' })).error).toBeNull();

    expect((await phone.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await stack().newClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await stack().newClient().auth.signInWithPassword({ email, password: 'a-new-secret' })).error).toBeNull();
  });

  it('signs up a new account with email and password and a session at once', async () => {
    const email = uniqueEmail();
    const { data, error } = await stack().newClient().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email, email_verified: true, phone_verified: false, sub: data.user?.id },
      identities: [{ provider: 'email', email }],
    });
  });

  it('signs out this device only (scope local): its refresh token is revoked, the other device keeps working', async () => {
    const { client, email } = await savedWorkspace(stack());
    const phone = stack().newClient();
    const phoneSession = (await phone.auth.signInWithPassword({ email, password: PASSWORD })).data.session;
    if (!phoneSession) throw new Error('no session');

    expect(await phone.auth.signOut({ scope: 'local' })).toEqual({ error: null });
    const reuse = await newClient(stack().url, stack().anonKey).auth.refreshSession({
      refresh_token: phoneSession.refresh_token,
    });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });

    expect((await client.auth.refreshSession()).error).toBeNull();
    expect(await materialNames(client)).toEqual(['Cotton roll']);
  });

  it('signs out everywhere (scope global): every refresh token of the user is revoked', async () => {
    const { client, email } = await savedWorkspace(stack());
    const laptopToken = (await client.auth.getSession()).data.session?.refresh_token ?? '';
    const phone = stack().newClient();
    expect((await phone.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect(await phone.auth.signOut({ scope: 'global' })).toEqual({ error: null });
    const reuse = await stack().newClient().auth.refreshSession({ refresh_token: laptopToken });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('refuses user_metadata over the size bound on sign-up and on update, and creates nothing', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const users = await userCount(db);
    const big = { note: 'x'.repeat(MAX_METADATA_BYTES) };
    const signUp = await stack().newClient().auth.signInAnonymously({ options: { data: big } });
    expect(signUp.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(signUp.error?.message).toMatch(/at most 4096 bytes/);
    expect(await userCount(db)).toBe(users);

    const { client } = await signIn(stack());
    const half = 'y'.repeat(MAX_METADATA_BYTES / 2);
    expect((await client.auth.updateUser({ data: { a: half } })).error).toBeNull();
    const grown = await client.auth.updateUser({ data: { b: half } });
    expect(grown.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual({ a: half });
  });

  it('refuses deeply nested user_metadata and 10,000-deep bodies with a 4xx, never a 500', async () => {
    let nested: Record<string, unknown> = {};
    for (let depth = 0; depth < 12; depth++) nested = { child: nested };
    const tooDeep = await stack().newClient().auth.signInAnonymously({ options: { data: nested } });
    expect(tooDeep.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(tooDeep.error?.message).toMatch(/nest at most 8 levels/);

    const body = `{"data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const response = await fetch(`${stack().url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json', ...API_VERSION },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });

  it('keeps tokens of the largest allowed user_metadata usable on REST', async () => {
    const client = stack().newClient();
    // The bound counts JSON bytes: {"note":"…"} adds 11 to the string.
    const data = { note: 'z'.repeat(MAX_METADATA_BYTES - 11) };
    const { data: signedIn, error } = await client.auth.signInAnonymously({ options: { data } });
    expect(error).toBeNull();
    expect(signedIn.session?.access_token.length).toBeLessThan(8192);
    expect(await materialNames(client)).toEqual([]);
  });
});

/** The auth service called in-process on the test database, for what needs its own settings. */
describeStack('accounts, in-process auth', (stack) => {
  function request(
    auth: ReturnType<typeof createAuth>,
    method: string,
    route: string,
    init: { body?: unknown; clientAddress?: string; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(route, 'http://auth');
    const req: AuthRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...API_VERSION, ...init.headers },
      body: init.body === undefined ? '' : JSON.stringify(init.body),
      clientAddress: init.clientAddress ?? '127.0.0.1',
    };
    return auth(req).then((response) => ({
      ...response,
      json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : null,
    }));
  }

  function localAuth(db: Database, options: Partial<Parameters<typeof createAuth>[1]> = {}) {
    return createAuth(db, { jwtSecret: DEMO_JWT_SECRET, issuer: `${stack().url}/auth/v1`, ...options });
  }

  it('limits anonymous sign-ins per IP: 30 an hour by default, then 429 over_request_rate_limit', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const auth = localAuth(db);
    for (let i = 0; i < 30; i++) expect((await request(auth, 'POST', '/signup', { body: {} })).status).toBe(200);
    const refused = await request(auth, 'POST', '/signup', { body: {} });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Another loopback address is the same machine; another machine has its own allowance.
    expect((await request(auth, 'POST', '/signup', { body: {}, clientAddress: '127.0.0.2' })).status).toBe(429);
    expect((await request(auth, 'POST', '/signup', { body: {}, clientAddress: '192.0.2.2' })).status).toBe(200);
  });

  it('limits password attempts per IP (configurable), counting wrong and right ones', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const auth = localAuth(db, { rateLimits: { passwordAttemptsPer5Min: 3 } });
    const email = uniqueEmail();
    const signUp = await request(auth, 'POST', '/signup', { body: { email, password: PASSWORD } });
    expect(signUp.status).toBe(200);
    expect((await request(auth, 'POST', '/token?grant_type=password', { body: { email, password: 'wrong-one' } })).json)
      .toMatchObject({ code: 'invalid_credentials' });
    expect((await request(auth, 'POST', '/token?grant_type=password', { body: { email, password: PASSWORD } })).status)
      .toBe(200);
    const refused = await request(auth, 'POST', '/token?grant_type=password', { body: { email, password: PASSWORD } });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'over_request_rate_limit' });
  });

  it('prints a recovery link that opens a session on the app, once, and only for a loopback page', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const mails: string[] = [];
    const auth = localAuth(db, { mail: (line) => mails.push(line) });
    const email = uniqueEmail();
    const created = await request(auth, 'POST', '/signup', { body: { email, password: PASSWORD } });
    const userId = (created.json?.user as { id: string }).id;

    const unknown = await request(auth, 'POST', '/recover', { body: { email: uniqueEmail() } });
    expect(unknown).toMatchObject({ status: 200, json: {} });
    expect(mails).toEqual([]);

    const app = 'http://127.0.0.1:5173/';
    const recovered = await request(auth, 'POST', `/recover?redirect_to=${encodeURIComponent(app)}`, { body: { email } });
    expect(recovered).toMatchObject({ status: 200, json: {} });
    expect(mails).toHaveLength(1);
    const link = new URL(/(http\S+)/.exec(mails[0] ?? '')?.[1] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${stack().url}/auth/v1/verify`);
    expect(link.searchParams.get('apikey')).toBe(stack().anonKey);

    // Within the minute nothing is sent, and the answer is the unknown email's.
    const again = await request(auth, 'POST', '/recover', { body: { email } });
    expect(again).toMatchObject({ status: 200, json: {} });
    expect(mails).toHaveLength(1);

    const opened = await request(auth, 'GET', `/verify${link.search}`);
    expect(opened.status).toBe(303);
    const location = new URL(opened.headers.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(app);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const client = stack().newClient();
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.id).toBe(userId);
    expect((await client.auth.updateUser({ password: 'recovered-secret' })).error).toBeNull();

    const reused = await request(auth, 'GET', `/verify${link.search}`);
    expect(new URLSearchParams(new URL(reused.headers.location ?? '').hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('sends a recovery session only to a loopback page: any other redirect_to becomes the site URL', async (ctx) => {
    const db = stack().db;
    if (!db) return ctx.skip();
    const mails: string[] = [];
    const auth = localAuth(db, { mail: (line) => mails.push(line), siteUrl: 'http://127.0.0.1:5173' });
    const email = uniqueEmail();
    await request(auth, 'POST', '/signup', { body: { email, password: PASSWORD } });
    await request(auth, 'POST', `/recover?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, { body: { email } });
    const link = new URL(/(http\S+)/.exec(mails[0] ?? '')?.[1] ?? '');
    const opened = await request(auth, 'GET', `/verify${link.search}`);
    expect(opened.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:5173#access_token=/);
  });
});
