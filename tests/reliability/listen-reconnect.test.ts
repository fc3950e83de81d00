/**
 * The stack's LISTEN connection (realtime's source of changes) dies: pg_terminate_backend of that
 * backend, then a restart of Postgres itself. The stack must not crash (an unhandled 'error' event
 * would take this test process down with it), REST must keep serving, and once the listener is back
 * a subscriber must get every change committed from then on.
 *
 * Runs on a Postgres cluster of its own (scripts/pg-cluster.sh), since it restarts the server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../stack/src/free-port';
import { startStack, type RunningStack } from '../../stack/src/stack';
import { newClient, type TestStack } from '../contract/harness';
import { RawRealtime, rpcOk, signIn, type User } from './support';
import { RELAXED_AUTH_RATE_LIMITS } from '../../stack/src/auth/rate-limit';
import { DEMO_JWT_SECRET } from '../../stack/src/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLUSTER_SCRIPT = path.join(ROOT, 'scripts/pg-cluster.sh');
const PG_CTL = '/usr/lib/postgresql/15/bin/pg_ctl';
/** The listener retries with backoff up to 2 s between attempts: it must be back well within this. */
const RECONNECT_TIMEOUT_MS = 15_000;
const CHANGES_AFTER_RECONNECT = 5;

let clusterDir: string;
let clusterUrl: string;
let running: RunningStack | undefined;
let stack: TestStack;
let admin: pg.Client | undefined;

/** pg_ctl as the cluster's owner: Postgres refuses to run as root. */
function pgCtl(...args: string[]) {
  const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', PG_CTL] : [PG_CTL];
  execFileSync(command[0]!, [...command.slice(1), '-D', path.join(clusterDir, 'data'), ...args], { stdio: 'ignore' });
}

/** The backend that holds `LISTEN`, as the stack's database sees it; null if there is none. */
async function listenerPid(): Promise<number | null> {
  const { rows } = await admin!.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.pid ?? null;
}

async function connectAdmin() {
  admin = new pg.Client({ connectionString: clusterUrl });
  // The restart ends this connection too; the test opens a new one.
  admin.on('error', () => {});
  await admin.connect();
}

/** Waits until a listener other than `previous` is LISTENing again. */
async function awaitNewListener(previous: number): Promise<number> {
  return vi.waitFor(
    async () => {
      const pid = await listenerPid();
      if (pid === null || pid === previous) throw new Error(`no new listener yet (previous ${previous})`);
      return pid;
    },
    { timeout: RECONNECT_TIMEOUT_MS, interval: 50 },
  );
}

/** Commits changes one by one through REST; each must reach the subscriber. */
async function changesArrive(user: User, socket: RawRealtime, label: string) {
  for (let i = 0; i < CHANGES_AFTER_RECONNECT; i++) {
    const name = `${label} ${i}`;
    const heard = socket.nextChange('materials', (event) => event.data.record?.material_name === name, `the INSERT of ${name}`);
    await rpcOk(user, 'create_raw_material', { material_name: name, stock_level: 1 });
    const event = await heard;
    expect(event.data.type).toBe('INSERT');
  }
}

beforeAll(async () => {
  clusterDir = mkdtempSync(path.join(tmpdir(), 'ff-listen-pg.'));
  clusterUrl = execFileSync('bash', [CLUSTER_SCRIPT, 'start', clusterDir, String(await freePort())], {
    encoding: 'utf8',
  }).trim();
  running = await startStack({ port: 0, databaseUrl: clusterUrl, jwtSecret: DEMO_JWT_SECRET, rateLimits: RELAXED_AUTH_RATE_LIMITS, quiet: true });
  stack = { kind: 'postgres', ...running, newClient: () => newClient(running!.url, running!.anonKey) };
  await connectAdmin();
});

afterAll(async () => {
  await admin?.end().catch(() => {});
  await running?.close();
  if (clusterDir) execFileSync('bash', [CLUSTER_SCRIPT, 'stop', clusterDir]);
});

describe('the LISTEN connection is lost', () => {
  let user: User;
  let socket: RawRealtime;

  beforeAll(async () => {
    user = await signIn(stack);
    socket = await RawRealtime.open(stack);
    const joined = await socket.join(
      'materials',
      [{ event: 'INSERT', schema: 'public', table: 'raw_materials', filter: `user_id=eq.${user.id}` }],
      user.token,
    );
    expect(joined.status).toBe('ok');
    expect((await socket.subscribed('materials')).status).toBe('ok');
    await changesArrive(user, socket, 'Before any loss');
  });

  afterAll(() => socket?.close());

  it('pg_terminate_backend of the listener: no crash, REST keeps serving, every later change arrives', async () => {
    const pid = await listenerPid();
    expect(pid).not.toBeNull();
    const { rows } = await admin!.query<{ terminated: boolean }>('select pg_terminate_backend($1) as terminated', [pid]);
    expect(rows[0]!.terminated).toBe(true);

    // REST does not depend on the listener.
    const material = await rpcOk<{ id: string }>(user, 'create_raw_material', { material_name: 'While relistening' });
    expect(material.id).toMatch(/^[0-9a-f-]{36}$/);

    await awaitNewListener(pid!);
    expect((await socket.heartbeat()).status).toBe('ok');
    await changesArrive(user, socket, 'After terminate');
  });

  it('a Postgres restart: no crash, REST serves again, every change after the reconnection arrives', async () => {
    const pid = await listenerPid();
    expect(pid).not.toBeNull();
    await admin!.end().catch(() => {});
    pgCtl('restart', '-m', 'fast', '-w');
    await connectAdmin();

    const material = await rpcOk<{ id: string }>(user, 'create_raw_material', { material_name: 'After the restart' });
    expect(material.id).toMatch(/^[0-9a-f-]{36}$/);

    await awaitNewListener(pid!);
    expect((await socket.heartbeat()).status).toBe('ok');
    await changesArrive(user, socket, 'After restart');
  });
});
