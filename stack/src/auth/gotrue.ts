import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { JwtError, signJwt, verifyJwt, type JwtClaims } from './jwt';

/**
 * GoTrue's anonymous flows (wire facts §1): sign-up, refresh with rotating single-use refresh
 * tokens, get user, logout. Its tables live in the `auth` schema, GoTrue's own, so this runs as the
 * connecting superuser and never executes SQL supplied by a client.
 */
export interface AuthRequest {
  method: string;
  /** Path below /auth/v1, e.g. '/signup'. */
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
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
}

/** The API version auth-js announces; with it GoTrue answers errors as `{code, message}`. */
const API_VERSION_2024 = '2024-01-01';
const API_VERSION_HEADER = 'x-supabase-api-version';

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  is_anonymous: boolean;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
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

class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 6749 errors, which GoTrue answers in OAuth's own shape whatever the API version. */
class OAuthFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_COLUMNS = `id, aud, role, email, phone, is_anonymous,
  raw_app_meta_data as app_metadata, raw_user_meta_data as user_metadata,
  ${isoTimestamp('last_sign_in_at')} as last_sign_in_at,
  ${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at`;

export function createAuth(db: Database, options: AuthOptions) {
  const accessTokenLifetime = options.accessTokenLifetime ?? 3600;
  const reuseInterval = options.refreshTokenReuseInterval ?? 10;

  /** The user object GoTrue returns: null timestamps omitted, anonymous users without identities. */
  function userJson(user: UserRow) {
    const json: Record<string, unknown> = {
      id: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email ?? '',
      phone: user.phone ?? '',
      last_sign_in_at: user.last_sign_in_at,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      identities: [],
      created_at: user.created_at,
      updated_at: user.updated_at,
      is_anonymous: user.is_anonymous,
    };
    if (json.last_sign_in_at === null) delete json.last_sign_in_at;
    return json;
  }

  async function findUser(tx: Queryable, id: string): Promise<UserRow | undefined> {
    const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
    return rows[0];
  }

  async function issueRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null) {
    const token = randomBytes(16).toString('base64url');
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [token, userId, sessionId, parent],
    );
    return token;
  }

  /** The session response of /signup and /token. */
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
      user: userJson(user),
    };
  }

  async function signUp(body: Record<string, unknown>) {
    if (body.email) throw new AuthFailure(422, 'email_provider_disabled', 'Email signups are disabled');
    if (body.phone) throw new AuthFailure(422, 'phone_provider_disabled', 'Phone signups are disabled');
    const metadata = body.data ?? {};
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
      throw new AuthFailure(400, 'validation_failed', 'data must be an object');
    }
    return db.transaction(async (tx) => {
      const userId = randomUUID();
      const sessionId = randomUUID();
      await tx.query(
        `insert into auth.users (id, is_anonymous, raw_user_meta_data, last_sign_in_at)
         values ($1, true, $2, now())`,
        [userId, JSON.stringify(metadata)],
      );
      await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
      const refreshToken = await issueRefreshToken(tx, userId, sessionId, null);
      return sessionResponse(tx, userId, sessionId, refreshToken);
    });
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
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (typeof claims.sub !== 'string' || !uuid.test(claims.sub)) {
      throw new AuthFailure(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    const user = await findUser(db, claims.sub);
    if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof claims.session_id === 'string' && uuid.test(claims.session_id) ? claims.session_id : null;
    if (sessionId) {
      const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
      if (rows.length === 0) {
        throw new AuthFailure(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    return { user, sessionId };
  }

  async function logout(headers: Record<string, string>, scope: string) {
    const { user, sessionId } = await authenticate(headers);
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
          return json(200, await signUp(body()));
        case 'POST /token': {
          const grantType = req.query.get('grant_type');
          if (grantType !== 'refresh_token') throw new OAuthFailure('unsupported_grant_type', '');
          return json(200, await refresh(body()));
        }
        case 'GET /user':
          return json(200, userJson((await authenticate(req.headers)).user));
        case 'POST /logout':
          await logout(req.headers, req.query.get('scope') ?? 'global');
          return { status: 204, headers, body: '' };
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
          ? { code: error.errorCode, message: error.message }
          : { code: error.status, error_code: error.errorCode, msg: error.message },
      );
    }
  };
}

function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthFailure(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthFailure(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Record<string, unknown>;
}
