import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AuthRequest, AuthResponse } from './auth/gotrue';
import { JwtError, verifyJwt, type JwtClaims } from './auth/jwt';
import { rateLimitKey } from './auth/rate-limit';
import { FUNCTIONS_PREFIX, type FunctionsGateway } from './functions/functions';
import type { Database, RequestIdentity } from './db/database';
import { BodyTooLarge, readBoundedBody } from './http-body';
import { jsonDepth } from './json-depth';
import { handleRest } from './rest/handler';
import type { RealtimeServer } from './realtime/server';

/**
 * The gateway in front of the services, as Supabase's Kong is: the Host and Origin checks, CORS,
 * the API key check, bounded bodies, JWT verification for REST, and routing to auth, REST and
 * realtime.
 *
 * Unlike Supabase's `*`, CORS and WebSocket upgrades are open only to the app's own origins: the
 * stack runs on the shop owner's laptop, where any web page they visit can reach loopback. A
 * request whose Host is not the stack's own address is refused too (DNS rebinding).
 */
export interface GatewayOptions {
  db: Database;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  auth: (req: AuthRequest) => Promise<AuthResponse>;
  realtime: RealtimeServer;
  /** Edge Functions at /functions/v1 (they read their own bodies, with their own bounds). */
  functions?: FunctionsGateway;
  /** Browser origins allowed to call the API and open WebSockets, e.g. `http://127.0.0.1:5173`. */
  allowedOrigins: readonly string[];
  /**
   * Host header values this stack answers to (`127.0.0.1:54321`, `localhost:54321`); null accepts
   * any (a stack bound to a non-loopback address, reached by names it cannot know).
   */
  allowedHosts: readonly string[] | null;
  /** Larger request bodies are refused with 413. */
  maxBodyBytes?: number;
  logError?: (message: string, error: unknown) => void;
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'prefer',
  'accept-profile',
  'content-profile',
  'x-supabase-api-version',
  'x-retry-count',
  'range',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ');

const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
].join(', ');

const corsHeaders = (origin: string) => ({
  'access-control-allow-origin': origin,
  'access-control-expose-headers': EXPOSED_HEADERS,
  vary: 'Origin',
});

const preflightHeaders = (origin: string) => ({
  'access-control-allow-origin': origin,
  'access-control-allow-methods': 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS',
  'access-control-allow-headers': ALLOWED_HEADERS,
  'access-control-max-age': '3600',
  vary: 'Origin',
});

const SERVICE_PREFIXES = ['/auth/v1', '/rest/v1', '/realtime/v1', FUNCTIONS_PREFIX];

/** JSON bodies nested deeper are refused before any service parses them. */
export const MAX_JSON_DEPTH = 64;
const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(value),
});

const NO_API_KEY = json(401, {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
});
const INVALID_API_KEY = json(401, {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
});


const FOREIGN_HOST = json(403, {
  message: 'Host not allowed: this stack answers only to its own loopback address (DNS rebinding protection).',
});
const FOREIGN_ORIGIN = json(403, {
  message: 'Origin not allowed: only the FactoryFlow app may call this stack from a browser.',
});

/** Body JSON nested deeper than MAX_JSON_DEPTH, in the shape of the service it was sent to. */
function tooDeep(service: string): Reply {
  const message = `JSON nested too deeply: more than ${MAX_JSON_DEPTH} levels of arrays and objects.`;
  return service === '/auth/v1'
    ? json(400, { code: 'bad_json', message }, { 'x-supabase-api-version': '2024-01-01' })
    : json(400, { code: 'PGRST102', details: null, hint: null, message }, { 'proxy-status': 'PostgREST; error=PGRST102' });
}


/** PostgREST's answer to a JWT it refuses (PG Error.hs): PGRST303 for expiry, PGRST301 otherwise. */
function restJwtError(code: 'PGRST301' | 'PGRST303' | '42501', message: string): Reply {
  return json(
    401,
    { code, details: null, hint: null, message },
    {
      'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
      'proxy-status': `PostgREST; error=${code}`,
    },
  );
}

const JWT_MESSAGES: Record<JwtError['reason'], string> = {
  malformed: 'Expected 3 parts in JWT or valid JSON in its header and claims',
  algorithm: 'Wrong or unsupported encoding algorithm',
  signature: 'No suitable key or wrong key type',
  expired: 'JWT expired',
};

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address === 'localhost' || /^(::ffff:)?127\./.test(address);
}

export function createGateway(options: GatewayOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const logError = options.logError ?? ((message, error) => console.error(message, error));

  function apiKeyProblem(apikey: string | undefined): Reply | null {
    if (!apikey) return NO_API_KEY;
    if (apikey !== options.anonKey && apikey !== options.serviceRoleKey) return INVALID_API_KEY;
    return null;
  }

  /** The request's database identity from its bearer token (or the API key), as PostgREST derives it. */
  function restIdentity(headers: Record<string, string>, apikey: string): RequestIdentity | Reply {
    const token = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1] ?? apikey;
    let claims: JwtClaims;
    try {
      claims = verifyJwt(token, options.jwtSecret);
    } catch (error) {
      if (!(error instanceof JwtError)) throw error;
      return restJwtError(error.reason === 'expired' ? 'PGRST303' : 'PGRST301', JWT_MESSAGES[error.reason]);
    }
    const role = claims.role ?? 'anon';
    if (typeof role !== 'string' || !API_ROLES.has(role)) {
      return restJwtError('42501', `permission denied to set role "${String(role)}"`);
    }
    return { role: role as RequestIdentity['role'], claims };
  }


  async function route(req: IncomingMessage, url: URL): Promise<Reply> {
    const path = url.pathname;
    const service = SERVICE_PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if (!service) return json(404, { message: 'no Route matched with those values' });
    const origin = req.headers.origin;
    if (req.method === 'OPTIONS') return { status: 200, headers: origin ? preflightHeaders(origin) : {}, body: '' };
    // As on Supabase, functions need no API key; each checks a JWT or not (verify_jwt).
    if (service === FUNCTIONS_PREFIX) return options.functions?.handle(req, url) ?? json(404, { message: 'no Route matched with those values' });

    const headers = lowerCaseHeaders(req);
    const apikey = headers.apikey ?? url.searchParams.get('apikey') ?? undefined;
    const keyProblem = apiKeyProblem(apikey);
    if (keyProblem || !apikey) return keyProblem ?? NO_API_KEY;
    // The key is the gateway's: a service would read ?apikey= as one of its own parameters (a REST filter).
    url.searchParams.delete('apikey');

    const body = (await readBoundedBody(req, maxBodyBytes)).toString('utf8');
    if (jsonDepth(body) > MAX_JSON_DEPTH) return tooDeep(service);
    const subPath = path.slice(service.length) || '/';
    const method = req.method ?? 'GET';
    switch (service) {
      case '/auth/v1':
        return options.auth({ method, path: subPath, query: url.searchParams, headers, body, clientAddress: req.socket.remoteAddress });
      case '/rest/v1': {
        const identity = restIdentity(headers, apikey);
        if ('status' in identity) return identity;
        return handleRest(options.db, {
          method,
          path: subPath,
          query: url.searchParams,
          headers,
          body,
          identity: { ...identity, method, path: subPath, headers, client: rateLimitKey(req.socket.remoteAddress) },
        });
      }
      default:
        return json(426, { message: 'Upgrade to a WebSocket at /realtime/v1/websocket' });
    }
  }

  /** A request from a foreign Host or a browser on a foreign origin, refused before anything runs. */
  function foreignCaller(req: IncomingMessage): Reply | null {
    if (options.allowedHosts && !options.allowedHosts.includes((req.headers.host ?? '').toLowerCase())) return FOREIGN_HOST;
    const origin = req.headers.origin;
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) return FOREIGN_ORIGIN;
    return null;
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      reply = foreignCaller(req) ?? (await route(req, new URL(req.url ?? '/', 'http://stack')));
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        reply = json(413, { message: 'Request size limit exceeded' });
      } else {
        logError(`${req.method} ${req.url} failed:`, error);
        reply = json(500, { message: 'Internal server error' });
      }
    }
    if (res.destroyed) return;
    const origin = req.headers.origin;
    res.writeHead(reply.status, {
      ...(origin && options.allowedOrigins.includes(origin) ? corsHeaders(origin) : {}),
      ...(req.method === 'HEAD' || reply.status === 204 ? {} : { 'content-length': String(Buffer.byteLength(reply.body)) }),
      ...reply.headers,
    });
    res.end(reply.body);
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://stack');
    const refuse = (reply: Reply) => {
      socket.end(
        `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Error'}\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(reply.body)}\r\nconnection: close\r\n\r\n${reply.body}`,
      );
    };
    const foreign = foreignCaller(req);
    if (foreign) return refuse(foreign);
    if (url.pathname !== '/realtime/v1/websocket') return refuse(json(404, { message: 'no Route matched with those values' }));
    const keyProblem = apiKeyProblem(url.searchParams.get('apikey') ?? lowerCaseHeaders(req).apikey);
    if (keyProblem) return refuse(keyProblem);
    try {
      options.realtime.handleUpgrade(req, socket, head);
    } catch (error) {
      logError('realtime upgrade failed:', error);
      socket.destroy();
    }
  }

  return { handleRequest, handleUpgrade };
}

function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
