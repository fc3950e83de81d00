/**
 * GoTrue as `supabase start` runs it (wire facts §1), email confirmations off: its HTTP API routed
 * to sessions (sign-in, refresh, sign-out), accounts (sign-up, get and update user) and recovery,
 * with errors in the shape the client's API version asks for. Its tables live in the `auth` schema,
 * GoTrue's own, so this runs as the connecting role and never executes SQL supplied by a client.
 */
import { apiKeys } from '../config';
import type { Database } from '../db/database';
import { createAccounts } from './accounts';
import { AuthFailure, OAuthFailure } from './errors';
import { parseBody } from './input';
import { type AuthRateLimits, createRateLimiter, DEFAULT_AUTH_RATE_LIMITS } from './rate-limit';
import { createRecovery } from './recovery';
import { createSessions } from './sessions';
import { identitiesOf, userJson } from './users';

export interface AuthRequest {
  method: string;
  /** Path below /auth/v1, e.g. '/signup'. */
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
  /** The client's IP (the socket's peer), which GoTrue's rate limits count by (see rateLimitKey). */
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
  /** The app's origins (the gateway's allowed origins): its own anonymous sign-ins count apart. */
  appOrigins?: readonly string[];
  /** Where a recovery link goes when the request names no allowed one (the CLI's site_url). */
  siteUrl?: string;
  /** Where "emails" go: `supabase start` shows them in its mail viewer, this stack in its log. */
  mail?: (line: string) => void;
}

/** The API version auth-js announces; with it GoTrue answers errors as `{code, message}`. */
const API_VERSION_2024 = '2024-01-01';
const API_VERSION_HEADER = 'x-supabase-api-version';

export function createAuth(db: Database, options: AuthOptions) {
  const limits = { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits };
  // One count for email sign-ups, password sign-ins and password changes, as GoTrue's sign_in_sign_ups.
  const passwordAttempts = createRateLimiter(limits.passwordAttemptsPer5Min, 300_000);
  const sessions = createSessions(db, {
    jwtSecret: options.jwtSecret,
    issuer: options.issuer,
    accessTokenLifetime: options.accessTokenLifetime ?? 3600,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? 10,
    passwordAttempts,
  });
  const accounts = createAccounts(db, {
    sessions,
    anonymousSignUps: createRateLimiter(limits.anonymousSignUpsPerHour, 3600_000),
    appOrigins: options.appOrigins,
    passwordAttempts,
  });
  const recovery = createRecovery(db, {
    sessions,
    issuer: options.issuer,
    siteUrl: options.siteUrl ?? 'http://127.0.0.1:3000',
    anonKey: apiKeys(options.jwtSecret).anonKey,
    mail: options.mail ?? ((line: string) => console.log(line)),
  });

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
          return json(200, await accounts.signUp(body(), req.clientAddress, req.headers.origin));
        case 'POST /token': {
          const grantType = req.query.get('grant_type');
          if (grantType === 'refresh_token') return json(200, await sessions.refresh(body()));
          if (grantType === 'password') return json(200, await sessions.signIn(body(), req.clientAddress));
          throw new OAuthFailure('unsupported_grant_type', '');
        }
        case 'GET /user': {
          const { user } = await sessions.authenticate(req.headers.authorization);
          return json(200, userJson(user, await identitiesOf(db, user.id)));
        }
        case 'PUT /user':
          return json(200, await accounts.update(req.headers.authorization, body(), req.clientAddress));
        case 'POST /logout':
          await sessions.signOut(req.headers.authorization, req.query.get('scope') ?? 'global');
          return { status: 204, headers, body: '' };
        case 'POST /recover':
          return json(200, await recovery.recover(body(), req.query.get('redirect_to')));
        case 'GET /verify': {
          const { status, location } = await recovery.verify(req.query);
          return { status, headers: { location }, body: '' };
        }
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
