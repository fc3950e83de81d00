import { ShareWaitTimeout } from '../db/fair-share';

/**
 * PostgREST's error envelope `{code, message, details, hint}` and its SQLSTATE → HTTP status table
 * (PostgREST v13 `Error.hs`, wire facts §2.5).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A string, except for PGRST201 whose details list the candidate relationships. */
    readonly details: unknown = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

/** PGRST100: a query parameter PostgREST could not parse. */
export function queryParamError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/** PGRST127: what PostgREST does and the local stack does not (docs/local-stack.md: where it differs from Supabase). */
export function notImplemented(details: string): RestError {
  return new RestError(400, 'PGRST127', 'Feature not implemented', details);
}

/** PGRST102: a body that is not the JSON the request needs. */
export function bodyError(message: string): RestError {
  return new RestError(400, 'PGRST102', message);
}

export function columnNotFound(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );
}

/** What Postgres reports for an unknown column; PostgREST lets Postgres say it (42703 → 400). */
export function undefinedColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function singularityError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

interface PostgresErrorFields {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPostgresError(error: unknown): error is PostgresErrorFields {
  const candidate = error as Partial<PostgresErrorFields> | null;
  return (
    typeof candidate?.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(candidate.code) &&
    typeof candidate.message === 'string'
  );
}

/** PostgREST's mapSQLtoHTTP. `authenticated` is false for the anon role. */
export function httpStatusForSqlState(sqlState: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (sqlState in exact) return exact[sqlState]!;
  if (sqlState === '42501') return authenticated ? 403 : 401;
  if (sqlState === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (sqlState === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400;
  if (sqlState.startsWith('PT')) {
    const status = Number(sqlState.slice(2));
    return status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[sqlState.slice(0, 2)] ?? 400;
}

/** A Postgres error as PostgREST reports it; anything else is a server fault and stays a 500. */
export function toRestError(error: unknown, authenticated: boolean): RestError {
  if (error instanceof RestError) return error;
  // The requester's share of the pool stayed taken by their own calls (db/fair-share.ts).
  if (error instanceof ShareWaitTimeout) return new RestError(504, 'PGRST003', error.message);
  if (isPostgresError(error)) {
    return new RestError(
      httpStatusForSqlState(error.code, error.message, authenticated),
      error.code,
      error.message,
      error.detail || null,
      error.hint || null,
    );
  }
  return new RestError(500, 'PGRSTX00', error instanceof Error ? error.message : String(error));
}

export function errorHeaders(error: RestError): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'proxy-status': `PostgREST; error=${error.code}`,
    ...(error.status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
  };
}

export function errorBody(error: RestError): string {
  return JSON.stringify({
    code: error.code,
    details: error.details,
    hint: error.hint,
    message: error.message,
  });
}
