/**
 * The local stack as a server facing a hostile browser and hostile clients (issue 12):
 *  - a page on another loopback origin can neither read data, nor sign up, nor run SQL, nor
 *    subscribe to changes, in real Chromium; the app's own origin still can;
 *  - a foreign Host header (DNS rebinding) is refused; no endpoint executes SQL;
 *  - API transactions log in as a role that cannot become a superuser, and carry the API roles'
 *    statement timeouts;
 *  - JSON nested past the gateway's bound is a 400, not a 500, and writes nothing;
 *  - each data directory has its own JWT secret, so the public demo keys open nothing.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiKeys, DEMO_JWT_SECRET } from '../../stack/src/config';
import { MAX_PREPARED_PER_CONNECTION } from '../../stack/src/db/postgres';
import { reloadSchema } from '../../stack/src/rest/schema-cache';
import { startStack, type RunningStack } from '../../stack/src/stack';
import { freePort } from '../../stack/src/free-port';

let stack: RunningStack;
let appPort: number;
let appOrigin: string;

beforeAll(async () => {
  appPort = await freePort();
  appOrigin = `http://127.0.0.1:${appPort}`;
  stack = await startStack({
    port: 0,
    dataDir: null,
    templateDataDir: inject('stackTemplate'),
    quiet: true,
    allowedOrigins: [appOrigin],
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const countUsers = async () => Number((await stack.db.query<{ n: string }>('select count(*) as n from auth.users')).rows[0]?.n);

describe('a web page on another origin', () => {
  let browser: Browser;
  let foreign: Server;
  let own: Server;
  const page = '<!doctype html><title>page</title>';

  beforeAll(async () => {
    browser = await launchChromium();
    const listen = async (server: Server, host: string, port: number) =>
      new Promise<void>((resolve) => server.listen(port, host, resolve));
    foreign = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    own = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    // Another site on loopback (127.0.0.2), as any page the owner visits can target loopback.
    await listen(foreign, '127.0.0.2', 0);
    await listen(own, '127.0.0.1', appPort);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    foreign?.close();
    own?.close();
  });

  /** Runs the same attempts from a page of `origin`: what the page could see of each. */
  async function attempts(origin: string) {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(origin);
      return await tab.evaluate(
        async ({ url, anonKey, serviceRoleKey }) => {
          const outcome = async (request: () => Promise<Response>) => {
            try {
              const response = await request();
              return `${response.status} ${await response.text()}`;
            } catch (error) {
              return `blocked: ${(error as Error).name}`;
            }
          };
          const read = await outcome(() =>
            fetch(`${url}/rest/v1/sales_orders?select=*`, { headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` } }),
          );
          const signUp = await outcome(() =>
            fetch(`${url}/auth/v1/signup`, { method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json' }, body: '{}' }),
          );
          // A "simple" request needs no preflight: the key rides in the URL, the body is text/plain.
          const simple = await outcome(() =>
            fetch(`${url}/auth/v1/signup?apikey=${anonKey}`, { method: 'POST', mode: 'no-cors', body: '{}' }),
          );
          const sql = await outcome(() =>
            fetch(`${url}/stack/v1/sql`, {
              method: 'POST',
              headers: { apikey: serviceRoleKey, 'content-type': 'application/json' },
              body: JSON.stringify({ query: 'select 1' }),
            }),
          );
          const socket = await new Promise<string>((resolve) => {
            const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`);
            ws.onopen = () => {
              ws.close();
              resolve('open');
            };
            ws.onerror = () => resolve('refused');
          });
          return { read, signUp, simple, sql, socket };
        },
        { url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey },
      );
    } finally {
      await context.close();
    }
  }

  it('can neither read, sign up, run SQL nor subscribe, and writes nothing', async () => {
    const usersBefore = await countUsers();
    const { port } = foreign.address() as { port: number };
    const seen = await attempts(`http://127.0.0.2:${port}`);
    expect(seen).toEqual({
      read: 'blocked: TypeError',
      signUp: 'blocked: TypeError',
      // no-cors hides the answer from the page; the server refused it (no user below).
      simple: '0 ',
      sql: 'blocked: TypeError',
      socket: 'refused',
    });
    expect(await countUsers()).toBe(usersBefore);
  });

  it('while the app origin reads and subscribes as before, and no endpoint runs SQL', async () => {
    const seen = await attempts(appOrigin);
    expect(seen.read).toMatch(/^200 \[/);
    expect(seen.signUp).toMatch(/^200 \{"access_token"/);
    // Gone: its preflight answers 404, so even the app's own origin cannot post to it.
    expect(seen.sql).toBe('blocked: TypeError');
    expect(seen.socket).toBe('open');
  });
});

describe('the gateway', () => {
  it('refuses a request for another Host (DNS rebinding) before anything runs', async () => {
    const usersBefore = await countUsers();
    const { port } = new URL(stack.url);
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers = { host: `rebound.example:${port}`, apikey: stack.anonKey, 'content-type': 'application/json' };
      const sent = request({ host: '127.0.0.1', port, path: '/auth/v1/signup', method: 'POST', headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end('{}');
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).message).toMatch(/Host not allowed/);
    expect(await countUsers()).toBe(usersBefore);
  });

  it('answers preflights from the app origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.url}/rest/v1/products`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey' },
      });
    const allowed = await preflight(appOrigin);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(appOrigin);
    const refused = await preflight('http://127.0.0.2:8080');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['REST', '/rest/v1/rpc/create_product', { code: 'PGRST102' }],
    ['auth', '/auth/v1/signup', { code: 'bad_json' }],
  ])('answers JSON nested 20,000 deep on %s with a 400 and writes nothing', async (_, route, shape) => {
    const usersBefore = await countUsers();
    const body = `{"data":${'['.repeat(20_000)}${']'.repeat(20_000)},"sku":"D","product_name":"D","selling_price":1}`;
    const response = await fetch(`${stack.url}${route}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ...shape, message: 'JSON nested too deeply: more than 64 levels of arrays and objects.' });
    expect(await countUsers()).toBe(usersBefore);
  });
});

describe('API transactions', () => {
  it('log in as a role that is not a superuser and cannot become one', async () => {
    const who = await stack.db.apiTransaction((tx) =>
      tx.query<{ user: string; superuser: boolean }>(
        'select session_user as user, (select rolsuper from pg_roles where rolname = session_user) as superuser',
      ),
    );
    expect(who.rows[0]).toEqual({ user: 'authenticator', superuser: false });
    for (const role of ['postgres', 'supabase_admin']) {
      await expect(stack.db.apiTransaction((tx) => tx.query(`set role ${role}`))).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('of one statement commit it, or leave nothing and the connection idle, reporting the first error', async () => {
    await stack.db.query('create table public.hardening_probe (n int)');
    await stack.db.query('grant insert, select on public.hardening_probe to authenticator');
    const rows = async () => (await stack.db.query<{ n: number }>('select n from public.hardening_probe order by n')).rows;
    try {
      // The statement fails after writing: its COMMIT, sent with it, ends the transaction as a ROLLBACK.
      const failing = 'with written as (insert into public.hardening_probe values ($1) returning n) select n / 0 from written';
      await expect(stack.db.apiStatement(failing, [1])).rejects.toMatchObject({ code: '22012' });
      // Its settings failing: their error, not the statement's "current transaction is aborted".
      const badSetup = { setup: { sql: `select set_config('timezone', $1, true)`, params: ['Nowhere/Never'] } };
      await expect(stack.db.apiStatement('insert into public.hardening_probe values (2)', [], badSetup)).rejects.toMatchObject({
        code: '22023',
        message: 'invalid value for parameter "TimeZone": "Nowhere/Never"',
      });
      await expect(
        stack.db.apiStatement('insert into public.hardening_probe values (3)', [], { readOnly: true }),
      ).rejects.toMatchObject({ code: '25006' });
      expect(await rows()).toEqual([]);
      // Every connection came back idle, so the pool's next statements run and commit.
      const inserted = await Promise.all(
        [4, 5, 6].map((n) => stack.db.apiStatement<{ n: number }>('insert into public.hardening_probe values ($1) returning n', [n])),
      );
      expect(inserted.map((result) => result.rows)).toEqual([[{ n: 4 }], [{ n: 5 }], [{ n: 6 }]]);
      expect(await rows()).toEqual([{ n: 4 }, { n: 5 }, { n: 6 }]);
    } finally {
      await stack.db.query('drop table public.hardening_probe');
    }
  });

  it("stop a statement at the anon role's 3 s timeout, with PostgREST's error", async () => {
    await stack.db.query(`create function public.hardening_slow() returns int language sql as 'select pg_sleep(6)::text::int'`);
    await stack.db.query('grant execute on function public.hardening_slow() to anon');
    reloadSchema(stack.db);
    try {
      const started = Date.now();
      const response = await fetch(`${stack.url}/rest/v1/rpc/hardening_slow`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      const elapsed = Date.now() - started;
      expect(await response.json()).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      expect(response.status).toBe(500);
      expect(elapsed).toBeGreaterThanOrEqual(2_900);
      expect(elapsed).toBeLessThan(5_500);
    } finally {
      await stack.db.query('drop function public.hardening_slow()');
    }
  });
});

describe('prepared statements', () => {
  it(`are bounded: a client sending endless distinct queries fills at most ${MAX_PREPARED_PER_CONNECTION} per connection`, async () => {
    const signUp = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    const { access_token: token } = (await signUp.json()) as { access_token: string };
    // One request at a time: the pool hands the same idle connection back each time.
    for (let terms = 1; terms <= MAX_PREPARED_PER_CONNECTION + 30; terms++) {
      const filter = Array.from({ length: terms }, (_, i) => `stock_on_hand.eq.${i}`).join(',');
      const response = await fetch(`${stack.url}/rest/v1/products?select=id&or=(${filter})`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
    }
    const prepared = await stack.db.apiTransaction((tx) =>
      tx.query<{ statements: string }>('select count(*) as statements from pg_prepared_statements'),
    );
    expect(Number(prepared.rows[0]?.statements)).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

describe('the JWT secret', () => {
  it('is the data directory’s own, kept 0600, so the public demo keys open nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-secret-'));
    try {
      const first = await startStack({ port: 0, dataDir, quiet: true });
      const { anonKey: firstKey } = first;
      await first.close();
      const second = await startStack({ port: 0, dataDir, quiet: true });
      try {
        expect(second.anonKey).toBe(firstKey);
        expect(second.anonKey).not.toBe(apiKeys(DEMO_JWT_SECRET).anonKey);
        expect(second.anonKey).not.toBe(stack.anonKey);
        expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
        expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).length).toBeGreaterThanOrEqual(32);
        const demo = apiKeys(DEMO_JWT_SECRET);
        const withDemoKey = await fetch(`${second.url}/rest/v1/products`, {
          headers: { apikey: demo.serviceRoleKey, authorization: `Bearer ${demo.serviceRoleKey}` },
        });
        expect(withDemoKey.status).toBe(401);
        expect(await withDemoKey.json()).toMatchObject({ message: 'Invalid API key' });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
