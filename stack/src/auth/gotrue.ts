import bcrypt from 'bcryptjs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { apiKeys } from '../config';
import type { Database, Queryable } from '../db/database';
import { AuthFailure, OAuthFailure } from './errors';
import {
  checkMetadataBounds,
  checkPasswordStrength,
  mergeMetadata,
  metadataObject,
  parseBody,
  validEmail,
} from './input';
import { JwtError, signJwt, verifyJwt, type JwtClaims } from './jwt';
import { createRateLimiter, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './rate-limit';

/**
 * GoTrue as `supabase start` runs it (wire facts §1), email confirmations off: anonymous sign-in,
 * email and password accounts (sign-up, sign-in, turning an anonymous user into one), refresh with
 * rotating single-use refresh tokens, get user, logout, password recovery. Its tables live in the
 * `auth` schema, GoTrue's own, so this runs as the connecting role and never executes SQL supplied
 * by a client.
 */
export interface AuthRequest {
  method: string;
  /** Path below /auth/v1, e.g. '/signup'. */
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
  /** The client's IP (the socket's peer), which GoTrue's rate limits count by. */
  clientAddress?: string;
}

export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface AuthOptions {
  jwtSecret: string;
  /** The `iss` claim: the public URL of /auth/v1, as GoTrue's GOTRUE_JWT_ISSUER in the CLI. */
  issuer: string;
  /** Seconds an access token lives (the CLI's jwt_expiry). */
  accessTokenLifetime?: number;
  /** Seconds a revoked refresh token may still be exchanged (the CLI's refresh_token_reuse_interval). */
  refreshTokenReuseInterval?: number;
  /** Per-IP limits; the defaults are Supabase's. Tests that sign in many users relax them. */
  rateLimits?: AuthRateLimits;
  /** Where a recovery link goes when the request names no allowed one (the CLI's site_url). */
  siteUrl?: string;
  /** Where "emails" go: `supabase start` shows them in its mail viewer, this stack in its log. */
  mail?: (line: string) => void;
}

/** The API version auth-js announces; with it GoTrue answers errors as `{code, message}`. */
const API_VERSION_2024 = '2024-01-01';
const API_VERSION_HEADER = 'x-supabase-api-version';
const INVALID_LOGIN = 'Invalid login credentials';
/** GoTrue's SMTP max_frequency and otp_expiry defaults. */
const RECOVERY_FREQUENCY_SECONDS = 60;
const RECOVERY_LIFETIME_SECONDS = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  is_anonymous: boolean;
  encrypted_password: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  email_confirmed_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

interface IdentityRow {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  /** Seconds since the token was last changed (revocation time for revoked tokens). */
  age_seconds: number;
}

const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_COLUMNS = `id, aud, role, email, phone, is_anonymous, encrypted_password,
  raw_app_meta_data as app_metadata, raw_user_meta_data as user_metadata,
  ${isoTimestamp('email_confirmed_at')} as email_confirmed_at,
  ${isoTimestamp('recovery_sent_at')} as recovery_sent_at,
  ${isoTimestamp('last_sign_in_at')} as last_sign_in_at,
  ${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at`;

const IDENTITY_COLUMNS = `id as identity_id, provider_id as id, user_id, identity_data, provider, email,
  ${isoTimestamp('last_sign_in_at')} as last_sign_in_at,
  ${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** bcrypt at GoTrue's cost (bcrypt.DefaultCost), in the `$2a$`/`$2b$` form GoTrue reads and writes. */
const hashPassword = (password: string) => bcrypt.hash(password, 10);
/** Compared against when the email is unknown, so a wrong email costs as long as a wrong password. */
let noSuchUserHash: Promise<string> | undefined;
// Made on first use, not at import: hashing takes a tenth of a second the stack's start need not wait for.
const hashOfNoSuchUser = () => (noSuchUserHash ??= hashPassword(randomBytes(16).toString('hex')));

export function createAuth(db: Database, options: AuthOptions) {
  const accessTokenLifetime = options.accessTokenLifetime ?? 3600;
  const reuseInterval = options.refreshTokenReuseInterval ?? 10;
  const limits = { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits };
  const anonymousSignUps = createRateLimiter(limits.anonymousSignUpsPerHour, 3600_000);
  const passwordAttempts = createRateLimiter(limits.passwordAttemptsPer5Min, 300_000);
  const siteUrl = options.siteUrl ?? 'http://127.0.0.1:3000';
  const mail = options.mail ?? ((line: string) => console.log(line));
  // The gateway wants an API key on every request; an emailed link carries the public one.
  const { anonKey } = apiKeys(options.jwtSecret);

  function limit(limiter: ReturnType<typeof createRateLimiter>, req: AuthRequest) {
    if (!limiter.take(req.clientAddress ?? 'unknown')) {
      throw new AuthFailure(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /** The user object GoTrue returns: null timestamps omitted, anonymous users without identities. */
  function userJson(user: UserRow, identities: IdentityRow[]) {
    const json: Record<string, unknown> = {
      id: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email ?? '',
      email_confirmed_at: user.email_confirmed_at,
      phone: user.phone ?? '',
      confirmed_at: user.email_confirmed_at,
      recovery_sent_at: user.recovery_sent_at,
      last_sign_in_at: user.last_sign_in_at,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      identities,
      created_at: user.created_at,
      updated_at: user.updated_at,
      is_anonymous: user.is_anonymous,
    };
    for (const key of Object.keys(json)) if (json[key] === null) delete json[key];
    return json;
  }

  async function findUser(tx: Queryable, id: string): Promise<UserRow | undefined> {
    const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
    return rows[0];
  }

  async function identitiesOf(tx: Queryable, userId: string): Promise<IdentityRow[]> {
    const { rows } = await tx.query<IdentityRow>(
      `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at`,
      [userId],
    );
    return rows;
  }

  async function fullUserJson(tx: Queryable, userId: string) {
    const user = await findUser(tx, userId);
    if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return userJson(user, await identitiesOf(tx, userId));
  }

  async function issueRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null) {
    const token = randomBytes(16).toString('base64url');
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [token, userId, sessionId, parent],
    );
    return token;
  }

  /** The session response of /signup, /token and /verify. */
  async function sessionResponse(tx: Queryable, userId: string, sessionId: string, refreshToken: string) {
    const user = await findUser(tx, userId);
    const { rows } = await tx.query<{ signed_in_at: number }>(
      'select extract(epoch from created_at)::int8::int as signed_in_at from auth.sessions where id = $1',
      [sessionId],
    );
    if (!user || !rows[0]) throw new AuthFailure(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + accessTokenLifetime;
    const claims: JwtClaims = {
      iss: options.issuer,
      sub: user.id,
      aud: user.aud,
      exp: expiresAt,
      iat: issuedAt,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role,
      aal: 'aal1',
      amr: [{ method: user.is_anonymous ? 'anonymous' : 'password', timestamp: rows[0].signed_in_at }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    };
    return {
      access_token: signJwt(claims, options.jwtSecret),
      token_type: 'bearer',
      expires_in: accessTokenLifetime,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user, await identitiesOf(tx, userId)),
    };
  }

  /** A new session for a user who just proved who they are. */
  async function startSession(tx: Queryable, userId: string) {
    const sessionId = randomUUID();
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
    await tx.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [userId]);
    await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    const refreshToken = await issueRefreshToken(tx, userId, sessionId, null);
    return sessionResponse(tx, userId, sessionId, refreshToken);
  }

  async function insertEmailIdentity(tx: Queryable, userId: string, email: string) {
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, 'email', now())`,
      [userId, userId, JSON.stringify({ sub: userId, email, email_verified: true, phone_verified: false })],
    );
  }

  /** A unique-index race on the email is the same refusal as the check before it. */
  async function withEmailUnique<T>(work: () => Promise<T>, refusal: AuthFailure): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw refusal;
      throw error;
    }
  }

  async function signUp(req: AuthRequest, body: Record<string, unknown>) {
    if (body.phone) throw new AuthFailure(422, 'phone_provider_disabled', 'Phone signups are disabled');
    if (body.email) return signUpWithPassword(req, body);
    limit(anonymousSignUps, req);
    const metadata = metadataObject(body.data) ?? {};
    checkMetadataBounds(metadata);
    return db.transaction(async (tx) => {
      const userId = randomUUID();
      await tx.query(
        'insert into auth.users (id, is_anonymous, raw_user_meta_data) values ($1, true, $2)',
        [userId, JSON.stringify(metadata)],
      );
      return startSession(tx, userId);
    });
  }

  /** GoTrue's Signup with autoconfirm: a confirmed user and a session, or `user_already_exists`. */
  async function signUpWithPassword(req: AuthRequest, body: Record<string, unknown>) {
    limit(passwordAttempts, req);
    if (!body.password) throw new AuthFailure(422, 'validation_failed', 'Signup requires a valid password');
    const password = checkPasswordStrength(body.password);
    const email = validEmail(body.email);
    const userId = randomUUID();
    const metadata = mergeMetadata(metadataObject(body.data) ?? {}, {
      sub: userId,
      email,
      email_verified: true,
      phone_verified: false,
    });
    checkMetadataBounds(metadata);
    const alreadyRegistered = new AuthFailure(422, 'user_already_exists', 'User already registered');
    const { rows } = await db.query('select 1 from auth.users where email = $1', [email]);
    if (rows.length > 0) throw alreadyRegistered;
    const hash = await hashPassword(password);
    return withEmailUnique(
      () =>
        db.transaction(async (tx) => {
          await tx.query(
            `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
             values ($1, $2, $3, now(), $4, $5)`,
            [userId, email, hash, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(metadata)],
          );
          await insertEmailIdentity(tx, userId, email);
          return startSession(tx, userId);
        }),
      alreadyRegistered,
    );
  }

  /** GoTrue's ResourceOwnerPasswordGrant. */
  async function passwordGrant(req: AuthRequest, body: Record<string, unknown>) {
    limit(passwordAttempts, req);
    if (typeof body.email !== 'string' || body.email === '') {
      throw new AuthFailure(400, 'validation_failed', 'missing email or phone');
    }
    const password = typeof body.password === 'string' ? body.password : '';
    const { rows } = await db.query<{ id: string; encrypted_password: string | null }>(
      'select id, encrypted_password from auth.users where email = $1',
      [body.email.trim().toLowerCase()],
    );
    const user = rows[0];
    const matches = await bcrypt.compare(password, user?.encrypted_password ?? (await hashOfNoSuchUser()));
    if (!user?.encrypted_password || !matches) throw new AuthFailure(400, 'invalid_credentials', INVALID_LOGIN);
    return db.transaction((tx) => startSession(tx, user.id));
  }

  /** GoTrue's RefreshTokenGrant: rotation, the reuse interval, and family revocation on abuse. */
  async function refresh(body: Record<string, unknown>) {
    const given = body.refresh_token;
    if (typeof given !== 'string' || given === '') {
      throw new OAuthFailure('invalid_request', 'refresh_token required');
    }
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<RefreshTokenRow>(
        `select token, user_id, session_id, revoked,
                extract(epoch from now() - updated_at)::float8 as age_seconds
         from auth.refresh_tokens where token = $1 for update`,
        [given],
      );
      const token = rows[0];
      if (!token) {
        throw new AuthFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      if (token.revoked) {
        const { rows: active } = await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens
           where session_id = $1 and not revoked order by id desc limit 1`,
          [token.session_id],
        );
        // The client lost the answer to its last refresh: hand back the successor it missed.
        if (active[0]?.parent === token.token) {
          return { ok: true as const, response: await sessionResponse(tx, token.user_id, token.session_id, active[0].token) };
        }
        if (token.age_seconds > reuseInterval) {
          await tx.query(
            'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
            [token.session_id],
          );
          // Commit the family revocation, then report the reuse.
          return { ok: false as const };
        }
      }
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token.token]);
      await tx.query('update auth.sessions set updated_at = now() where id = $1', [token.session_id]);
      const successor = await issueRefreshToken(tx, token.user_id, token.session_id, token.token);
      return { ok: true as const, response: await sessionResponse(tx, token.user_id, token.session_id, successor) };
    });
    if (!outcome.ok) {
      throw new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    return outcome.response;
  }

  /** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
  async function authenticate(headers: Record<string, string>) {
    const bearer = /^bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
    if (!bearer) throw new AuthFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: JwtClaims;
    try {
      claims = verifyJwt(bearer, options.jwtSecret);
    } catch (error) {
      if (!(error instanceof JwtError)) throw error;
      throw new AuthFailure(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
    }
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) {
      throw new AuthFailure(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    const user = await findUser(db, claims.sub);
    if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof claims.session_id === 'string' && UUID.test(claims.session_id) ? claims.session_id : null;
    if (sessionId) {
      const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
      if (rows.length === 0) {
        throw new AuthFailure(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    return { user, sessionId };
  }

  /**
   * GoTrue's UserUpdate. An anonymous user adding an email is confirmed at once (autoconfirm, as
   * `supabase start`): same id, so every row it owns stays its own, and it becomes permanent.
   */
  async function updateUser(headers: Record<string, string>, body: Record<string, unknown>) {
    const { user, sessionId } = await authenticate(headers);
    const email = body.email ? validEmail(body.email) : null;
    const password = typeof body.password === 'string' && body.password !== '' ? checkPasswordStrength(body.password) : null;
    const data = metadataObject(body.data);
    if (body.app_metadata !== undefined) {
      throw new AuthFailure(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    if (user.is_anonymous && password && !email) {
      throw new AuthFailure(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
      );
    }
    const changesEmail = email !== null && email !== user.email;
    if (changesEmail && !user.is_anonymous) {
      // A permanent user's new address needs a confirmation mail round trip the local stack lacks.
      throw new AuthFailure(422, 'validation_failed', 'Changing the email of an account is not supported by the local stack');
    }
    const emailTaken = new AuthFailure(422, 'email_exists', 'A user with this email address has already been registered');
    if (changesEmail) {
      const { rows } = await db.query('select 1 from auth.users where email = $1 and id <> $2', [email, user.id]);
      if (rows.length > 0) throw emailTaken;
    }
    if (password && user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
      throw new AuthFailure(422, 'same_password', 'New password should be different from the old password.');
    }
    let metadata = data ? mergeMetadata(user.user_metadata, data) : user.user_metadata;
    if (changesEmail) metadata = { ...metadata, email_verified: true };
    if (metadata !== user.user_metadata) checkMetadataBounds(metadata);
    const hash = password ? await hashPassword(password) : null;

    return withEmailUnique(
      () =>
        db.transaction(async (tx) => {
          if (hash) {
            await tx.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, hash]);
            // A new password signs out every other session, as GoTrue's UpdatePassword does.
            await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
          }
          if (changesEmail && email) {
            await tx.query(
              `update auth.users set email = $2, email_confirmed_at = now(), is_anonymous = false where id = $1`,
              [user.id, email],
            );
            await insertEmailIdentity(tx, user.id, email);
          }
          await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
            user.id,
            JSON.stringify(metadata),
          ]);
          return fullUserJson(tx, user.id);
        }),
      emailTaken,
    );
  }

  async function logout(headers: Record<string, string>, scope: string) {
    const { user, sessionId } = await authenticate(headers);
    // Deleting a session deletes its refresh tokens (on delete cascade): none can be exchanged again.
    if (scope === 'global' || !sessionId) {
      await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else if (scope === 'others') {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    } else {
      throw new AuthFailure(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
  }

  /** Only loopback pages may receive a recovery session, so a link cannot hand one to another site. */
  function allowedRedirect(value: string | null): string {
    if (!value) return siteUrl;
    try {
      const url = new URL(value);
      const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && loopback) return value;
    } catch {
      // Not a URL: fall back to the site URL, as GoTrue does for a redirect it does not allow.
    }
    return siteUrl;
  }

  /** GoTrue's Recover: always `{}`, so it never tells whether an email has an account. */
  async function recover(req: AuthRequest, body: Record<string, unknown>) {
    if (!body.email) throw new AuthFailure(400, 'validation_failed', 'Password recovery requires an email');
    const email = validEmail(body.email);
    const { rows } = await db.query<{ id: string; since_sent: number | null }>(
      `select id, extract(epoch from now() - recovery_sent_at)::float8 as since_sent
       from auth.users where email = $1`,
      [email],
    );
    const user = rows[0];
    if (!user) return {};
    if (user.since_sent !== null && user.since_sent < RECOVERY_FREQUENCY_SECONDS) {
      const wait = Math.ceil(RECOVERY_FREQUENCY_SECONDS - user.since_sent);
      throw new AuthFailure(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
    }
    const token = randomBytes(24).toString('base64url');
    await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
      user.id,
      sha256(token),
    ]);
    const link = new URL(`${options.issuer}/verify`);
    link.search = new URLSearchParams({
      token,
      type: 'recovery',
      redirect_to: allowedRedirect(req.query.get('redirect_to')),
      apikey: anonKey,
    }).toString();
    mail(`Password recovery for ${email}: ${link.toString()}`);
    return {};
  }

  /** GoTrue's Verify for a recovery link: a session in the redirect's fragment, or the error there. */
  async function verifyLink(query: URLSearchParams): Promise<AuthResponse> {
    const redirectTo = allowedRedirect(query.get('redirect_to'));
    const token = query.get('token') ?? '';
    const redirect = (fragment: Record<string, string>): AuthResponse => ({
      status: 303,
      headers: { location: `${redirectTo}#${new URLSearchParams(fragment).toString()}` },
      body: '',
    });
    if (query.get('type') !== 'recovery' || token === '') {
      return redirect({ error: 'access_denied', error_code: 'validation_failed', error_description: 'Verify requires a recovery token' });
    }
    const session = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now())
         where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
         returning id`,
        [sha256(token), RECOVERY_LIFETIME_SECONDS],
      );
      return rows[0] ? startSession(tx, rows[0].id) : null;
    });
    if (!session) {
      return redirect({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
    }
    return redirect({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type: 'recovery',
    });
  }

  return async function handleAuth(req: AuthRequest): Promise<AuthResponse> {
    const apiVersion = req.headers[API_VERSION_HEADER] ?? '';
    const modernErrors = /^\d{4}-\d{2}-\d{2}$/.test(apiVersion) && apiVersion >= API_VERSION_2024;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (modernErrors) headers[API_VERSION_HEADER] = API_VERSION_2024;
    const json = (status: number, value: unknown): AuthResponse => ({ status, headers, body: JSON.stringify(value) });

    try {
      const route = `${req.method} ${req.path.replace(/\/+$/, '')}`;
      const body = () => parseBody(req.body);
      switch (route) {
        case 'POST /signup':
          return json(200, await signUp(req, body()));
        case 'POST /token': {
          const grantType = req.query.get('grant_type');
          if (grantType === 'refresh_token') return json(200, await refresh(body()));
          if (grantType === 'password') return json(200, await passwordGrant(req, body()));
          throw new OAuthFailure('unsupported_grant_type', '');
        }
        case 'GET /user': {
          const { user } = await authenticate(req.headers);
          return json(200, userJson(user, await identitiesOf(db, user.id)));
        }
        case 'PUT /user':
          return json(200, await updateUser(req.headers, body()));
        case 'POST /logout':
          await logout(req.headers, req.query.get('scope') ?? 'global');
          return { status: 204, headers, body: '' };
        case 'POST /recover':
          return json(200, await recover(req, body()));
        case 'GET /verify':
          return await verifyLink(req.query);
        default:
          throw new AuthFailure(404, 'not_found', 'Not Found');
      }
    } catch (error) {
      if (error instanceof OAuthFailure) {
        return json(400, { error: error.error, error_description: error.description });
      }
      if (!(error instanceof AuthFailure)) throw error;
      return json(
        error.status,
        modernErrors
          ? { code: error.errorCode, message: error.message, ...error.extra }
          : { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra },
      );
    }
  };
}
