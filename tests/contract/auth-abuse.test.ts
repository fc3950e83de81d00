/**
 * Auth against an attacker, end to end on a started stack (issue 27): a recovery link whose
 * redirect names a look-alike host still hands its session only to the site URL; a recovery
 * request answers the same for a registered and an unknown email, also within the minute in which
 * no second link is sent; password changes count against the per-IP limit of sign-ins and
 * sign-ups; every 127.x.y.z address is one client for the per-IP limits; and local callers using
 * up the anonymous sign-ins never shut the app (its own Origin) out of starting a workspace.
 *
 * The local stacks only: the recovery mails are read from the stack's log, and the limits need a
 * stack started with small ones. Against `supabase start`, GoTrue answers a second recovery
 * request within the minute 429 for a registered email only, the leak this stack closes.
 */
import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { AuthRateLimits } from '../../stack/src/auth/rate-limit';
import { createScratchDatabase } from '../../stack/src/auth/test-database';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { DEFAULT_APP_ORIGINS, startStack } from '../../stack/src/stack';
import { describeStack, newClient, signIn, stackKinds, type StackKind, type TestStack } from './harness';

const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };
const PASSWORD = 'kept-safe-42';
const ATTACKER = 'http://127.attacker.example/x';
type LocalKind = Exclude<StackKind, 'supabase'>;
/**
 * The limits live in the stack's Node process, whatever its database, so their tests start their
 * own small-limit stacks on one kind only: a fresh database on DATABASE_URL starts in a second,
 * an embedded server in several.
 */
const LIMITS_KIND: LocalKind | undefined = stackKinds().includes('postgres')
  ? 'postgres'
  : stackKinds().includes('embedded')
    ? 'embedded'
    : undefined;

const uniqueEmail = () => `owner-${randomUUID().slice(0, 8)}@example.com`;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A raw request to the stack with the anon key, sent from `localAddress` (any 127.x.y.z address
 * is this machine's). Redirects are not followed.
 */
function send(
  stack: TestStack,
  method: string,
  route: string,
  {
    body,
    localAddress,
    headers = {},
  }: { body?: unknown; localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(route, stack.url);
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress,
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          ...API_VERSION,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The recovery mails the stacks of this process print, read from their log. */
function recoveryMails() {
  const lines: string[] = [];
  let spy: ReturnType<typeof vi.spyOn> | undefined;
  beforeAll(() => {
    const log = console.log.bind(console);
    spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      const line = args.map(String).join(' ');
      if (line.startsWith('Password recovery for ')) lines.push(line);
      else log(...args);
    });
  });
  afterAll(() => spy?.mockRestore());
  return {
    /** The links mailed to `email`, oldest first. */
    linksTo(email: string): URL[] {
      const prefix = `Password recovery for ${email}: `;
      return lines.filter((line) => line.startsWith(prefix)).map((line) => new URL(line.slice(prefix.length)));
    },
  };
}

/** A permanent account made through supabase-js sign-up. */
async function account(stack: TestStack): Promise<{ email: string; id: string }> {
  const email = uniqueEmail();
  const { data, error } = await stack.newClient().auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { email, id: data.user?.id ?? '' };
}

describeStack('auth abuse: recovery', (stack, kind) => {
  const mails = recoveryMails();

  it('sends the recovery session to the site URL when redirect_to is http://127.attacker.example/x', async (ctx) => {
    if (kind === 'supabase') return ctx.skip();
    const { email, id } = await account(stack());
    const { error } = await stack().newClient().auth.resetPasswordForEmail(email, { redirectTo: ATTACKER });
    expect(error).toBeNull();
    const [link] = mails.linksTo(email);
    expect(link).toBeDefined();
    const siteUrl = link!.searchParams.get('redirect_to') ?? '';
    expect(siteUrl).not.toBe(ATTACKER);
    expect(new URL(siteUrl).hostname).toBe('127.0.0.1');

    // The attacker edits the link's redirect_to back to their page: /verify checks it again.
    const edited = new URL(link!);
    edited.searchParams.set('redirect_to', ATTACKER);
    const opened = await send(stack(), 'GET', `${edited.pathname}${edited.search}`);
    expect(opened.status).toBe(303);
    const location = opened.headers.location ?? '';
    expect(location.startsWith(`${siteUrl}#`)).toBe(true);
    expect(location).not.toContain('attacker');
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    expect(fragment.get('type')).toBe('recovery');
    expect(claimsOf(fragment.get('access_token') ?? '').sub).toBe(id);
  });

  it('answers a registered and an unknown email the same, also within the minute, and sends one link a minute', async (ctx) => {
    if (kind === 'supabase') return ctx.skip();
    const { email } = await account(stack());
    const unknown = uniqueEmail();
    const recover = (address: string) => send(stack(), 'POST', '/auth/v1/recover', { body: { email: address } });
    const answers = [await recover(email), await recover(unknown), await recover(email), await recover(unknown)];
    for (const answer of answers) {
      expect({ status: answer.status, body: answer.body, type: answer.headers['content-type'] }).toEqual({
        status: 200,
        body: '{}',
        type: 'application/json',
      });
    }
    // supabase-js sees no error either way.
    const client = stack().newClient();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(unknown)).error).toBeNull();
    expect(mails.linksTo(unknown)).toEqual([]);

    // One link went out, and it still opens the account: the requests within the minute replaced nothing.
    const links = mails.linksTo(email);
    expect(links).toHaveLength(1);
    const opened = await send(stack(), 'GET', `${links[0]!.pathname}${links[0]!.search}`);
    expect(new URLSearchParams((opened.headers.location ?? '').split('#')[1]).get('type')).toBe('recovery');
  });
});

/** A stack of `kind` with the given per-IP limits, for one test; closed by the returned function. */
async function startLimitedStack(kind: LocalKind, rateLimits: AuthRateLimits) {
  const common = { port: 0, jwtSecret: DEMO_JWT_SECRET, rateLimits, quiet: true } as const;
  if (kind === 'embedded') {
    const running = await startStack({ ...common, dataDir: null, templateDataDir: inject('stackTemplate') });
    return { ...running, newClient: () => newClient(running.url, running.anonKey), close: () => running.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error('DATABASE_URL is not set: run `npm test`, or point it at a Postgres 15 superuser URL');
  const scratch = await createScratchDatabase(serverUrl);
  try {
    const running = await startStack({ ...common, databaseUrl: scratch.url });
    return {
      ...running,
      newClient: () => newClient(running.url, running.anonKey),
      close: async () => {
        await running.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

if (LIMITS_KIND) {
  const kind = LIMITS_KIND;
  describe(`auth abuse: per-IP limits [${kind}]`, () => {
    let running: Awaited<ReturnType<typeof startLimitedStack>> | undefined;
    const stack = () => running as unknown as TestStack;
    afterEach(async () => {
      await running?.close();
      running = undefined;
    });

    it('limits password changes with sign-ups and password sign-ins: 429 over_request_rate_limit, the password unchanged', async () => {
      running = await startLimitedStack(kind, { passwordAttemptsPer5Min: 3 });
      const user = await signIn(stack());
      const email = uniqueEmail();
      // Saving the workspace sets its first password: one attempt.
      expect((await user.client.auth.updateUser({ email, password: PASSWORD })).error).toBeNull();
      expect((await user.client.auth.updateUser({ password: 'second-secret' })).error).toBeNull();
      expect((await user.client.auth.updateUser({ password: 'third-secret' })).error).toBeNull();
      const refused = await user.client.auth.updateUser({ password: 'fourth-secret' });
      expect(refused.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

      const { rows } = await running.db.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1',
        [user.id],
      );
      expect(await bcrypt.compare('third-secret', rows[0]?.encrypted_password ?? '')).toBe(true);
      // An update without a password runs no bcrypt and still goes through.
      expect((await user.client.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
      // Password sign-ins from this machine draw on the same allowance.
      const signInAgain = await stack().newClient().auth.signInWithPassword({ email, password: 'third-secret' });
      expect(signInAgain.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });

    it('counts every 127.x.y.z address as one client', async () => {
      running = await startLimitedStack(kind, { anonymousSignUpsPerHour: 2, passwordAttemptsPer5Min: 2 });
      const anonymousFrom = (localAddress: string) =>
        send(stack(), 'POST', '/auth/v1/signup', { body: {}, localAddress });
      expect((await anonymousFrom('127.0.0.2')).status).toBe(200);
      expect((await anonymousFrom('127.1.2.3')).status).toBe(200);
      for (const address of ['127.0.0.1', '127.255.0.9']) {
        const refused = await anonymousFrom(address);
        expect({ address, status: refused.status, body: JSON.parse(refused.body) }).toEqual({
          address,
          status: 429,
          body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
        });
      }

      const signInFrom = (localAddress: string) =>
        send(stack(), 'POST', '/auth/v1/token?grant_type=password', {
          body: { email: uniqueEmail(), password: 'not-the-one' },
          localAddress,
        });
      expect((await signInFrom('127.0.0.4')).status).toBe(400);
      expect((await signInFrom('127.0.0.5')).status).toBe(400);
      const refused = await signInFrom('127.9.9.9');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'over_request_rate_limit' });
    });

    it('lets the app start a workspace after local callers used up the anonymous sign-ins, with a limit of its own', async () => {
      running = await startLimitedStack(kind, { anonymousSignUpsPerHour: 2 });
      const anonymous = (headers: Record<string, string> = {}) =>
        send(stack(), 'POST', '/auth/v1/signup', { body: {}, localAddress: '127.0.0.1', headers });
      const app = { origin: DEFAULT_APP_ORIGINS[0]! };
      // A script (no Origin) uses up this machine's allowance: it is refused from then on.
      expect((await anonymous()).status).toBe(200);
      expect((await anonymous()).status).toBe(200);
      expect((await anonymous()).status).toBe(429);
      // The app's own sign-ins, from the same address, count apart: the owner gets a workspace.
      const owner = await anonymous(app);
      expect(owner.status).toBe(200);
      expect(JSON.parse(owner.body)).toMatchObject({ token_type: 'bearer', user: { is_anonymous: true } });
      expect((await anonymous({ origin: DEFAULT_APP_ORIGINS[1]! })).status).toBe(200);
      // They have the same limit, and using it leaves the other callers' count as it was.
      const refused = await anonymous(app);
      expect([refused.status, JSON.parse(refused.body)]).toEqual([
        429,
        { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
      ]);
      expect((await anonymous()).status).toBe(429);
    });
  });
}
