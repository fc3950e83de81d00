import type { Database, RequestIdentity } from '../db/database';

/** A /rest/v1 request after the gateway checked the API key and the bearer token. */
export interface RestRequest {
  method: string;
  /** Path below /rest/v1, e.g. '/products' or '/rpc/log_sale'. */
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Raw body text ('' when none). */
  body: string;
  identity: RequestIdentity;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** PostgREST's behaviour for the calls supabase-js makes (wire facts §2). */
export async function handleRest(_db: Database, _req: RestRequest): Promise<RestResponse> {
  throw new Error('not implemented yet');
}
