/**
 * The stack's command line, run as the user runs it: the CLI in its own process, on a fresh database
 * of the DATABASE_URL server.
 *
 * `DATABASE_URL=postgres://… npm run stack` on a fresh clone (issue 27): no `.stack-data` yet, and
 * with DATABASE_URL no embedded server to create it. The stack must make the data directory for
 * the one thing it keeps there, its JWT secret (0600, in a 0700 directory), start, and find the
 * same secret (so the same keys) on the next start. Run as the user runs it: the CLI, in its own
 * process, on a fresh database of the DATABASE_URL server.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const serverUrl = process.env.DATABASE_URL;

let parent: string;
let databaseUrl: string;
let databaseName: string;

async function asAdmin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!serverUrl) throw new Error('DATABASE_URL is not set: point it at a Postgres 15 superuser URL (npm test does)');
  parent = await mkdtemp(path.join(tmpdir(), 'ff-fresh-clone-'));
  databaseName = `ff_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  if (parent) await rm(parent, { recursive: true, force: true });
  if (databaseName) await asAdmin(`drop database if exists ${databaseName} with (force)`);
});

interface RunningStack {
  ready: boolean;
  output: string;
  apiUrl?: string;
  anonKey?: string;
}

/**
 * `tsx stack/src/cli.ts start --port 0 …args` with DATABASE_URL: its output once ready (or once it
 * exited), checked with a sign-in and a read, and `whileRunning`, then SIGTERM.
 */
async function runStack(
  dataDir: string,
  args: string[] = [],
  whileRunning?: (stack: RunningStack) => Promise<void>,
): Promise<RunningStack> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.STACK_JWT_SECRET;
  const child = spawn(TSX, ['stack/src/cli.ts', 'start', '--port', '0', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C')) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  const apiUrl = /API URL: (\S+)/.exec(output)?.[1];
  const anonKey = /anon key: (\S+)/.exec(output)?.[1];
  if (ready && apiUrl && anonKey) {
    // The stack answers with the keys it printed: a sign-in, then a read with its token.
    const signUp = await fetch(`${apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    const { access_token: token } = (await signUp.json()) as { access_token?: string };
    const products = await fetch(`${apiUrl}/rest/v1/products?select=id`, {
      headers: { apikey: anonKey, authorization: `Bearer ${token}` },
    });
    expect([signUp.status, products.status, await products.json()]).toEqual([200, 200, []]);
  }
  try {
    if (ready) await whileRunning?.({ ready, output, apiUrl, anonKey });
  } finally {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return { ready, output, apiUrl, anonKey };
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

it('starts on a fresh clone with DATABASE_URL: makes the data directory for its JWT secret, and keeps it', async () => {
  // A data directory that does not exist yet, nor does its parent (a fresh clone has no .stack-data).
  const dataDir = path.join(parent, 'clone', '.stack-data');
  const first = await runStack(dataDir);
  expect(first.output).not.toContain('ENOENT');
  expect(first.ready).toBe(true);

  const secret = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  expect((await stat(dataDir)).mode & 0o777).toBe(0o700);

  // The next start reads the same secret: the keys the owner copied still work.
  const second = await runStack(dataDir);
  expect(second.ready).toBe(true);
  expect(second.anonKey).toBe(first.anonKey);
}, 240_000);

it('npm start --app-port N serves the app on N and lets that origin, not 5173, call the API', async () => {
  const appPort = await freePort();
  const appOrigin = `http://127.0.0.1:${appPort}`;
  const preflight = (apiUrl: string, origin: string) =>
    fetch(`${apiUrl}/rest/v1/products`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey' },
    }).then((response) => response.headers.get('access-control-allow-origin'));
  const started = await runStack(
    path.join(parent, 'app-port'),
    ['--with-app', '--app-port', String(appPort)],
    async ({ apiUrl }) => {
      const page = await fetch(`${appOrigin}/`);
      expect([page.status, (await page.text()).includes('<div id="root">')]).toEqual([200, true]);
      expect(await preflight(apiUrl!, appOrigin)).toBe(appOrigin);
      expect(await preflight(apiUrl!, 'http://127.0.0.1:5173')).toBeNull();
    },
  );
  expect(started.ready).toBe(true);
  expect(started.output).toContain(`App: ${appOrigin}/`);
}, 240_000);
