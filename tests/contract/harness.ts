/**
 * Starts the stack for a contract test file: on its own embedded Postgres 15 in a throwaway data
 * directory, or on a fresh database of the Postgres 15 server of DATABASE_URL (created here,
 * migrated by the stack, dropped on close). With
 * SUPABASE_TEST_URL and SUPABASE_TEST_ANON_KEY set, every suite targets that real `supabase start`
 * instead (SUPABASE_TEST_SERVICE_ROLE_KEY too, for suites that need it).
 */
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import WebSocket from 'ws';
import { RELAXED_AUTH_RATE_LIMITS } from '../../stack/src/auth/rate-limit';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import type { Database } from '../../stack/src/db/database';
import { startStack, type StackOptions } from '../../stack/src/stack';

export type StackKind = 'embedded' | 'postgres' | 'supabase';

export interface TestStack {
  kind: StackKind;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser access to the stack's database; null against a real `supabase start`. */
  db: Database | null;
  /** A real supabase-js client with its own in-memory session, no background refresh. */
  newClient(): SupabaseClient;
  close(): Promise<void>;
}

const external =
  process.env.SUPABASE_TEST_URL && process.env.SUPABASE_TEST_ANON_KEY
    ? {
        url: process.env.SUPABASE_TEST_URL,
        anonKey: process.env.SUPABASE_TEST_ANON_KEY,
        serviceRoleKey: process.env.SUPABASE_TEST_SERVICE_ROLE_KEY ?? '',
      }
    : null;

/** The stacks every contract suite runs on: both databases, or only the external Supabase. */
export function stackKinds(): StackKind[] {
  return external ? ['supabase'] : ['embedded', 'postgres'];
}

export function newClient(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** An anonymous user signed in through supabase-js, as the app signs in. */
export interface User {
  /** The user's own client, holding the session. */
  client: SupabaseClient;
  id: string;
  /** The session's access token, for raw requests and realtime joins. */
  token: string;
  /** The whole session GoTrue returned: refresh token, expiry, and the user as GoTrue describes it. */
  session: Session;
}

/**
 * Signs a new client of the stack in anonymously. Any `{ newClient }` will do, for a stack this
 * harness did not start or a client with other options.
 */
export async function signIn(stack: Pick<TestStack, 'newClient'>): Promise<User> {
  const client = stack.newClient();
  const { data, error } = await client.auth.signInAnonymously();
  if (error || !data.session || !data.user) throw new Error(`anonymous sign-in failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id, token: data.session.access_token, session: data.session };
}

export interface CallOutcome<T> {
  status: number;
  data: T | null;
  error: { code: string; message: string } | null;
}

/** An RPC through the caller's supabase-js client, keeping the HTTP status (supabase-js hides it in the error). */
export async function rpc<T = Record<string, unknown>>(
  caller: Pick<User, 'client'>,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<CallOutcome<T>> {
  const { data, error, status } = await caller.client.rpc(fn, args);
  return { status, data: (data as T) ?? null, error: error ? { code: error.code, message: error.message } : null };
}

/** An RPC that must succeed: returns its data, throws on an error. */
export async function rpcOk<T = Record<string, unknown>>(
  caller: Pick<User, 'client'>,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const outcome = await rpc<T>(caller, fn, args);
  if (outcome.error) throw new Error(`${fn} failed (${outcome.status}): ${outcome.error.message}`);
  return outcome.data as T;
}

/**
 * embedded: a throwaway data directory unless options.dataDir names one, started from the run's
 * stack template (tests/support/stack-template.ts) unless seeded. postgres: a fresh database on
 * the DATABASE_URL server. supabase: the external stack, nothing started. The local stacks use
 * the public demo keys of `supabase start`, so suites can mint tokens as they would against it.
 */
export async function startTestStack(
  kind: StackKind,
  options: Pick<StackOptions, 'dataDir' | 'seed' | 'functions'> = {},
): Promise<TestStack> {
  if (kind === 'supabase') {
    if (!external) throw new Error('SUPABASE_TEST_URL and SUPABASE_TEST_ANON_KEY are not set');
    return { kind, ...external, db: null, newClient: () => newClient(external.url, external.anonKey), close: async () => {} };
  }
  if (kind === 'embedded') {
    const stack = await startStack({
      port: 0,
      dataDir: options.dataDir ?? null,
      // Seeding needs a database this start migrated from scratch (see startStack's seed).
      templateDataDir: options.dataDir || options.seed ? undefined : inject('stackTemplate'),
      seed: options.seed,
      jwtSecret: DEMO_JWT_SECRET,
      rateLimits: RELAXED_AUTH_RATE_LIMITS,
      quiet: true,
      functions: options.functions,
    });
    return { kind, ...stack, newClient: () => newClient(stack.url, stack.anonKey) };
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: run `npm test`, or point it at a Postgres 15 superuser URL');
  const name = `ff_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  try {
    const stack = await startStack({
      port: 0,
      databaseUrl: databaseUrl.toString(),
      seed: options.seed,
      jwtSecret: DEMO_JWT_SECRET,
      rateLimits: RELAXED_AUTH_RATE_LIMITS,
      quiet: true,
      functions: options.functions,
    });
    return {
      kind,
      ...stack,
      newClient: () => newClient(stack.url, stack.anonKey),
      close: async () => {
        await stack.close();
        await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
      },
    };
  } catch (error) {
    await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    throw error;
  }
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Declares `suite` once per stack kind, with a stack started before and closed after it:
 * `describeStack('auth', (stack) => { it('…', async () => { stack().newClient() … }) })`.
 */
export function describeStack(title: string, suite: (stack: () => TestStack, kind: StackKind) => void): void {
  for (const kind of stackKinds()) {
    describe(`${title} [${kind}]`, () => {
      let running: TestStack | undefined;
      beforeAll(async () => {
        running = await startTestStack(kind);
      });
      afterAll(async () => {
        await running?.close();
      });
      suite(() => {
        if (!running) throw new Error('the stack did not start (see beforeAll)');
        return running;
      }, kind);
    });
  }
}
