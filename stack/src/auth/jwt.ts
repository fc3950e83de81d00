import { createHmac, timingSafeEqual } from 'node:crypto';

/** HS256 JSON Web Tokens, the only kind `supabase start` and this stack issue. */
export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

/** Why a token was refused: gateways report expiry differently from every other failure. */
export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'expired';

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: JwtFailure = 'malformed',
  ) {
    super(message);
  }
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signJwt(claims: JwtClaims, secret: string): string {
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Verifies signature, algorithm and expiry; anything else about the token is the caller's rule. */
export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('JWT must have 3 parts');
  const [header64, payload64, signature64] = parts as [string, string, string];
  let header: { alg?: unknown } | null;
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(header64, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload64, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWT is not valid JSON');
  }
  if (header?.alg !== 'HS256') throw new JwtError('JWT algorithm must be HS256', 'algorithm');
  const expected = createHmac('sha256', secret).update(`${header64}.${payload64}`).digest();
  const given = Buffer.from(signature64, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('JWT signature is invalid', 'signature');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new JwtError('JWT claims must be an object');
  }
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new JwtError('JWT expired', 'expired');
  return claims;
}
