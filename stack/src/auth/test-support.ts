/** For the auth modules' tests: the modules wired as createAuth wires them, users, and refusals. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_JWT_SECRET } from '../config';
import type { Database, Queryable } from '../db/database';
import { type Accounts, createAccounts } from './accounts';
import { AuthFailure, OAuthFailure } from './errors';
import { createRateLimiter, RELAXED_AUTH_RATE_LIMITS } from './rate-limit';
import { createRecovery, type Recovery, type RecoveryOptions } from './recovery';
import { createSessions, type Sessions, type SessionsOptions } from './sessions';
import { hashPassword } from './users';

export const SECRET = DEMO_JWT_SECRET;
export const ISSUER = 'http://127.0.0.1:54321/auth/v1';
export const SITE_URL = 'http://127.0.0.1:3000';
export const PASSWORD = 'kept-safe-42';

export const uniqueEmail = (): string => `owner-${randomUUID().slice(0, 8)}@example.com`;

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** Sessions with the stack's defaults and rate limits nobody reaches, unless `overrides` says otherwise. */
export function testSessions(db: Database, overrides: Partial<SessionsOptions> = {}): Sessions {
  return createSessions(db, {
    jwtSecret: SECRET,
    issuer: ISSUER,
    accessTokenLifetime: 3600,
    refreshTokenReuseInterval: 10,
    passwordAttempts: createRateLimiter(RELAXED_AUTH_RATE_LIMITS.passwordAttemptsPer5Min, 300_000),
    ...overrides,
  });
}

export function testAccounts(
  db: Database,
  sessions: Sessions,
  { anonymousSignUps = 1_000_000, passwordAttempts = 1_000_000 } = {},
): Accounts {
  return createAccounts(db, {
    sessions,
    anonymousSignUps: createRateLimiter(anonymousSignUps, 3600_000),
    passwordAttempts: createRateLimiter(passwordAttempts, 300_000),
  });
}

/** Recovery whose "emails" land in the returned `mails`. */
export function testRecovery(
  db: Database,
  sessions: Sessions,
  overrides: Partial<RecoveryOptions> = {},
): { recovery: Recovery; mails: string[] } {
  const mails: string[] = [];
  const recovery = createRecovery(db, {
    sessions,
    issuer: ISSUER,
    siteUrl: SITE_URL,
    anonKey: 'the-anon-key',
    mail: (line) => mails.push(line),
    ...overrides,
  });
  return { recovery, mails };
}

/** An anonymous user, inserted as anonymous sign-up inserts one. */
export async function insertAnonymousUser(db: Queryable): Promise<string> {
  const id = randomUUID();
  await db.query('insert into auth.users (id, is_anonymous) values ($1, true)', [id]);
  return id;
}

/** A permanent user with an email, and a password unless `password` is null. */
export async function insertEmailUser(
  db: Queryable,
  email: string,
  password: string | null = PASSWORD,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at) values ($1, $2, $3, now())`,
    [id, email, password === null ? null : await hashPassword(password)],
  );
  return id;
}

export const bearer = (accessToken: string): string => `Bearer ${accessToken}`;

/** The AuthFailure `work` is refused with; fails the test if it succeeds or fails otherwise. */
export async function refusal(work: Promise<unknown>): Promise<AuthFailure> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(AuthFailure);
  return outcome as AuthFailure;
}

/** The OAuthFailure `work` is refused with. */
export async function oauthRefusal(work: Promise<unknown>): Promise<OAuthFailure> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(OAuthFailure);
  return outcome as OAuthFailure;
}

/** A refusal's status, code and message, for one toEqual. */
export const shapeOf = (failure: AuthFailure) => ({
  status: failure.status,
  code: failure.errorCode,
  message: failure.message,
  ...failure.extra,
});

export async function count(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from (${sql}) counted`, params);
  return rows[0]?.count ?? 0;
}
