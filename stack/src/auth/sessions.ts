/**
 * GoTrue's sessions: an access token (a JWT) with a rotating, single-use refresh token, started by
 * sign-up, password sign-in or a recovery link; refreshed, checked on every authenticated request,
 * and ended by sign-out.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { AuthFailure, OAuthFailure } from './errors';
import { JwtError, signJwt, verifyJwt, type JwtClaims } from './jwt';
import { enforceRateLimit, rateLimitKey, type RateLimiter } from './rate-limit';
import { findUser, identitiesOf, passwordMatches, type UserRow, userJson } from './users';

export interface SessionsOptions {
  jwtSecret: string;
  /** The `iss` claim: the public URL of /auth/v1. */
  issuer: string;
  /** Seconds an access token lives. */
  accessTokenLifetime: number;
  /** Seconds a revoked refresh token may still be exchanged. */
  refreshTokenReuseInterval: number;
  /** Password sign-ins count here, with sign-ups. */
  passwordAttempts: RateLimiter;
}

/** What /signup, /token and /verify answer with. */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export interface Sessions {
  /** A new session for a user who just proved who they are, in the caller's transaction. */
  start(tx: Queryable, userId: string): Promise<SessionResponse>;
  /** GoTrue's ResourceOwnerPasswordGrant. */
  signIn(body: Record<string, unknown>, clientAddress: string | undefined): Promise<SessionResponse>;
  /** GoTrue's RefreshTokenGrant: rotation, the reuse interval, and family revocation on abuse. */
  refresh(body: Record<string, unknown>): Promise<SessionResponse>;
  /** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
  authenticate(authorization: string | undefined): Promise<{ user: UserRow; sessionId: string | null }>;
  /** Ends the caller's session (`local`), all of the user's (`global`) or all but the caller's (`others`). */
  signOut(authorization: string | undefined, scope: string): Promise<void>;
}

const INVALID_LOGIN = 'Invalid login credentials';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RefreshTokenRow {
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  /** Seconds since the token was last changed (revocation time for revoked tokens). */
  age_seconds: number;
}

export function createSessions(db: Database, options: SessionsOptions): Sessions {
  async function issueRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null) {
    const token = randomBytes(16).toString('base64url');
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      token,
      userId,
      sessionId,
      parent,
    ]);
    return token;
  }

  async function sessionResponse(
    tx: Queryable,
    userId: string,
    sessionId: string,
    refreshToken: string,
  ): Promise<SessionResponse> {
    const user = await findUser(tx, userId);
    const { rows } = await tx.query<{ signed_in_at: number }>(
      'select extract(epoch from created_at)::int8::int as signed_in_at from auth.sessions where id = $1',
      [sessionId],
    );
    if (!user || !rows[0]) {
      throw new AuthFailure(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + options.accessTokenLifetime;
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
      expires_in: options.accessTokenLifetime,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user, await identitiesOf(tx, userId)),
    };
  }

  async function start(tx: Queryable, userId: string) {
    const sessionId = randomUUID();
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
    await tx.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [userId]);
    await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    const refreshToken = await issueRefreshToken(tx, userId, sessionId, null);
    return sessionResponse(tx, userId, sessionId, refreshToken);
  }

  async function authenticate(authorization: string | undefined) {
    const bearer = /^bearer (.+)$/i.exec(authorization ?? '')?.[1];
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

  return {
    start,
    authenticate,

    async signIn(body, clientAddress) {
      enforceRateLimit(options.passwordAttempts, rateLimitKey(clientAddress));
      if (typeof body.email !== 'string' || body.email === '') {
        throw new AuthFailure(400, 'validation_failed', 'missing email or phone');
      }
      const password = typeof body.password === 'string' ? body.password : '';
      const { rows } = await db.query<{ id: string; encrypted_password: string | null }>(
        'select id, encrypted_password from auth.users where email = $1',
        [body.email.trim().toLowerCase()],
      );
      const user = rows[0];
      const matches = await passwordMatches(password, user?.encrypted_password);
      if (!user || !matches) throw new AuthFailure(400, 'invalid_credentials', INVALID_LOGIN);
      return db.transaction((tx) => start(tx, user.id));
    },

    async refresh(body) {
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
            return {
              ok: true as const,
              response: await sessionResponse(tx, token.user_id, token.session_id, active[0].token),
            };
          }
          if (token.age_seconds > options.refreshTokenReuseInterval) {
            await tx.query(
              'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
              [token.session_id],
            );
            // Commit the family revocation, then report the reuse.
            return { ok: false as const };
          }
        }
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [
          token.token,
        ]);
        await tx.query('update auth.sessions set updated_at = now() where id = $1', [token.session_id]);
        const successor = await issueRefreshToken(tx, token.user_id, token.session_id, token.token);
        return { ok: true as const, response: await sessionResponse(tx, token.user_id, token.session_id, successor) };
      });
      if (!outcome.ok) {
        throw new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      return outcome.response;
    },

    async signOut(authorization, scope) {
      const { user, sessionId } = await authenticate(authorization);
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
    },
  };
}
