import { runAs, runStatementAs, type Database, type RequestIdentity } from '../db/database';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  type JsonBody,
  type MutationOptions,
  type ReadOptions,
  type Statement,
} from './build-sql';
import {
  RestError,
  bodyError,
  columnNotFound,
  errorBody,
  errorHeaders,
  queryParamError,
  singularityError,
  toRestError,
} from './errors';
import { isFilterValue, isReservedKey, parsePreferences, parseQuery, type ParsedQuery, type Preferences } from './parse-query';
import { schemaCacheFor, tableKey, type RestFunction, type SchemaCache, type Table } from './schema-cache';
import { closestMatch } from './suggest';

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

/** The media types the stack answers with (Accept). */
type Media = 'json' | 'object' | 'csv';

/** How the client wants rows back (Accept) and what it asked for (Prefer), as PostgREST reads them. */
interface Negotiated {
  media: Media;
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, as an object. */
  single: boolean;
  stripNulls: boolean;
  count: boolean;
  countPreference?: string;
  returnPreference: 'minimal' | 'representation' | 'headers-only';
  /** The given `return=` preference, for Preference-Applied. */
  returnGiven?: string;
  resolution?: Preferences['resolution'];
  missingDefault: boolean;
  missingGiven?: string;
  /** `handling=strict`, or `handling=lenient` given explicitly. */
  handling?: Preferences['handling'];
  /** `max-affected=n`, which PostgREST only enforces with handling=strict. */
  maxAffected?: number;
  /** `tx=commit|rollback`, only read when `db-tx-end` allows overriding. */
  tx?: Preferences['tx'];
  /** Whether the transaction ends in a rollback (db-tx-end and `tx=`). */
  rollback: boolean;
  /** A `timezone=` known to Postgres, set for the transaction. */
  timezone?: string;
}

/** The one row every statement of build-sql returns. */
interface ResultRow {
  body: string | null;
  page_rows?: string;
  total?: string | null;
  affected?: string;
  inserted?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** PostgREST's behaviour for the calls supabase-js makes (wire facts §2). */
export async function handleRest(db: Database, req: RestRequest): Promise<RestResponse> {
  try {
    const response = await route(db, await schemaCacheFor(db), req);
    return req.method === 'HEAD' ? { ...response, body: '' } : response;
  } catch (error) {
    const restError = toRestError(error, req.identity.role !== 'anon');
    return {
      status: restError.status,
      headers: errorHeaders(restError),
      body: req.method === 'HEAD' ? '' : errorBody(restError),
    };
  }
}

async function route(db: Database, cache: SchemaCache, req: RestRequest): Promise<RestResponse> {
  const segments = pathSegments(req.path);
  const schema = requestSchema(cache, req);
  if (segments.length === 2 && segments[0] === 'rpc') {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
      throw new RestError(405, 'PGRST101', `Cannot use the ${req.method} method on RPC`);
    }
    return callFunction(db, cache, req, schema, segments[1]!);
  }
  if (segments.length !== 1) throw invalidPath();
  const table = findTable(cache, schema, segments[0]!);
  // As PostgREST plans: the resource first, then Accept and Prefer.
  const negotiated = negotiate(req, cache);
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return read(db, cache, req, table, negotiated);
    case 'POST':
      return insert(db, cache, req, table, negotiated);
    case 'PATCH':
      return update(db, cache, req, table, negotiated);
    case 'DELETE':
      return remove(db, cache, req, table, negotiated);
    case 'OPTIONS':
      return { status: 200, headers: { allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' }, body: '' };
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  }
}

// request metadata ------------------------------------------------------------------------------

const invalidPath = () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

function pathSegments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw invalidPath();
  }
}

function requestSchema(cache: SchemaCache, req: RestRequest): string {
  const reading = req.method === 'GET' || req.method === 'HEAD';
  const profile = req.headers[reading ? 'accept-profile' : 'content-profile'];
  if (!profile) return cache.exposedSchemas[0]!;
  if (!cache.exposedSchemas.includes(profile)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${cache.exposedSchemas.join(', ')}`,
    );
  }
  return profile;
}

function negotiate(req: RestRequest, cache: SchemaCache): Negotiated {
  const prefs = parsePreferences(req.headers.prefer, cache.timezones);
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
  }
  const { txEnd } = cache.config;
  const tx = txEnd.endsWith('-allow-override') ? prefs.tx : undefined;
  const returnPreference = (prefs.return ?? 'minimal') as Negotiated['returnPreference'];
  const preferences = {
    // planned and estimated are answered exactly: the stack's tables are small.
    count: prefs.count !== undefined,
    countPreference: prefs.count,
    returnPreference,
    returnGiven: prefs.return,
    resolution: prefs.resolution,
    missingDefault: prefs.missing === 'default',
    missingGiven: prefs.missing,
    handling: prefs.handling,
    maxAffected: prefs.handling === 'strict' ? prefs.maxAffected : undefined,
    tx,
    rollback: tx === 'rollback' || (txEnd.startsWith('rollback') && tx !== 'commit'),
    timezone: prefs.timezone,
  };

  const accepted = (req.headers.accept ?? '*/*').split(',').map((entry) => entry.trim());
  for (const entry of accepted) {
    const [mediaType = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const stripNulls = parameters.includes('nulls=stripped');
    const media: Media | undefined = ['', '*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json'].includes(mediaType)
      ? 'json'
      : mediaType === 'application/vnd.pgrst.object+json'
        ? 'object'
        : mediaType === 'text/csv'
          ? 'csv'
          : undefined;
    if (media) return { media, single: media === 'object', stripNulls, ...preferences };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepted.join(', ')}`);
}

function findTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(tableKey(schema, name));
  if (table?.exposed) return table;
  const names = [...cache.tables.values()].filter((t) => t.exposed && t.schema === schema).map((t) => t.name);
  const suggestion = closestMatch(name, names, 0.75);
  throw new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );
}

/** The body, parsed, with its text kept to pass on as received (an empty body is `{}`). */
function parseJsonBody(text: string): JsonBody<unknown> {
  const json = text.trim() === '' ? '{}' : text;
  try {
    return { value: JSON.parse(json) as unknown, text: json };
  } catch {
    throw bodyError('Empty or invalid json');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requestIdentity(req: RestRequest): RequestIdentity {
  return { ...req.identity, method: req.method, path: req.path, headers: req.headers };
}

// responses -------------------------------------------------------------------------------------

/** PostgREST's Content-Range: `0-9/42`, `0-9/*`, `*\/0`, `*\/*`. */
function contentRange(offset: number, rows: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return rows > 0 && total !== 0 ? `${offset}-${offset + rows - 1}/${totalText}` : `*/${totalText}`;
}

/** What a response reports having honoured, in PostgREST's order (Preferences.prefAppliedHeader). */
type ResponseKind = 'read' | 'insert' | 'mutate' | 'call';

function preferenceApplied(negotiated: Negotiated, kind: ResponseKind, resolution = false): Record<string, string> {
  const applied = [
    kind === 'insert' && resolution && negotiated.resolution && `resolution=${negotiated.resolution}`,
    kind === 'insert' && negotiated.missingGiven && `missing=${negotiated.missingGiven}`,
    (kind === 'insert' || kind === 'mutate') && negotiated.returnGiven && `return=${negotiated.returnGiven}`,
    negotiated.countPreference && `count=${negotiated.countPreference}`,
    negotiated.tx && `tx=${negotiated.tx}`,
    negotiated.handling && `handling=${negotiated.handling}`,
    negotiated.timezone && `timezone=${negotiated.timezone}`,
    (kind === 'mutate' || kind === 'call') && negotiated.maxAffected !== undefined && `max-affected=${negotiated.maxAffected}`,
  ].filter((value): value is string => typeof value === 'string');
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {};
}

const CONTENT_TYPES: Record<Media, string> = {
  json: JSON_TYPE,
  object: OBJECT_TYPE,
  csv: 'text/csv; charset=utf-8',
};

/** A single-object response, or PGRST116 thrown inside the transaction so that it rolls back. */
function singleObject(arrayBody: string, rows: number): string {
  if (rows !== 1) throw singularityError(rows);
  // json_agg of one row is exactly `[<row>]`.
  return arrayBody.slice(1, -1);
}

/** The body of rows as negotiated: the JSON array, its one object, or CSV (built as such in SQL). */
function rowsBody(negotiated: Negotiated, body: string, rows: number): string {
  return negotiated.single ? singleObject(body, rows) : body;
}

/** GET of a table or of a set-returning function: pages, counts and 206/416. */
function rowsResponse(row: ResultRow, query: ParsedQuery, negotiated: Negotiated, kind: ResponseKind): RestResponse {
  const rows = Number(row.page_rows);
  const total = row.total === null || row.total === undefined ? null : Number(row.total);
  const offset = query.scopes.get('')?.offset ?? 0;
  let status = 200;
  if (total !== null) {
    if (offset > total) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    if (rows < total) status = 206;
  }
  return {
    status,
    headers: {
      'content-type': CONTENT_TYPES[negotiated.media],
      'content-range': contentRange(offset, rows, total),
      ...preferenceApplied(negotiated, kind),
    },
    body: rowsBody(negotiated, row.body!, rows),
  };
}

/** Thrown to end a transaction in ROLLBACK (`Prefer: tx=rollback`) while still answering. */
class RolledBack {
  constructor(readonly response: RestResponse) {}
}

/**
 * Runs a request's one statement in its transaction as PostgREST does: as its role, read-only when
 * asked, with its `timezone=` preference, and answers from the statement's one row with respond,
 * which may refuse (PGRST116, PGRST124, 416) inside the transaction so that nothing is kept. The
 * transaction ends in the COMMIT or ROLLBACK that db-tx-end and `tx=` decide.
 */
async function inTransaction(
  db: Database,
  req: RestRequest,
  negotiated: Negotiated,
  readOnly: boolean,
  statement: Statement,
  respond: (row: ResultRow) => RestResponse,
): Promise<RestResponse> {
  const identity = { ...requestIdentity(req), timezone: negotiated.timezone };
  // respond can only refuse a singular response, a max-affected excess or a range past the count.
  // Without those, and for reads, which change nothing, the COMMIT may leave with the statement.
  const mayRefuse = negotiated.single || negotiated.maxAffected !== undefined || negotiated.count;
  if (readOnly || (!mayRefuse && !negotiated.rollback)) {
    const result = await runStatementAs<ResultRow>(db, identity, { readOnly }, statement.sql, statement.params);
    return respond(result.rows[0]!);
  }
  try {
    return await runAs(db, identity, { readOnly }, async (tx) => {
      const response = respond((await tx.query<ResultRow>(statement.sql, statement.params)).rows[0]!);
      if (!negotiated.rollback) return response;
      // As PostgREST does, deferred constraints are checked first so that their errors still show.
      await tx.query('set constraints all immediate');
      throw new RolledBack(response);
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.response;
    throw error;
  }
}

/** PGRST124, thrown inside the transaction so that nothing the request changed is kept. */
function checkMaxAffected(negotiated: Negotiated, affected: number): void {
  if (negotiated.maxAffected !== undefined && affected > negotiated.maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`);
  }
}

// tables ----------------------------------------------------------------------------------------

function readOptions(negotiated: Negotiated): ReadOptions {
  return { count: negotiated.count, stripNulls: negotiated.stripNulls, csv: negotiated.media === 'csv' };
}

async function read(db: Database, cache: SchemaCache, req: RestRequest, table: Table, negotiated: Negotiated) {
  const query = parseQuery(req.query);
  const statement = buildRead(cache, table, query, readOptions(negotiated));
  return inTransaction(db, req, negotiated, true, statement, (row) => rowsResponse(row, query, negotiated, 'read'));
}

function mutationOptions(negotiated: Negotiated): MutationOptions {
  return { ...readOptions(negotiated), representation: negotiated.returnPreference === 'representation' };
}

interface MutationKind {
  method: 'insert' | 'update' | 'delete';
  /** An upsert with merge-duplicates: 200 instead of 201 when it only merged existing rows. */
  merging?: boolean;
  /** An upsert: `resolution=` is reported as applied. */
  resolution?: boolean;
}

function mutationStatus(kind: MutationKind, representation: boolean, inserted: number): number {
  if (kind.method !== 'insert') return representation ? 200 : 204;
  return kind.merging && inserted === 0 ? 200 : 201;
}

/** Runs a mutation and answers with PostgREST's statuses and Content-Range (Response.hs). */
async function mutate(
  db: Database,
  req: RestRequest,
  statement: Statement,
  negotiated: Negotiated,
  kind: MutationKind,
): Promise<RestResponse> {
  return inTransaction(db, req, negotiated, false, statement, (row) => {
    const affected = Number(row.affected);
    if (negotiated.single && affected !== 1) throw singularityError(affected);
    if (kind.method !== 'insert') checkMaxAffected(negotiated, affected);
    const total = negotiated.count ? affected : null;
    // Updates report the affected range; inserts and deletes only the total.
    const range = kind.method === 'update' ? contentRange(0, affected, total) : `*/${total ?? '*'}`;
    const headers = {
      'content-range': range,
      ...preferenceApplied(negotiated, kind.method === 'insert' ? 'insert' : 'mutate', kind.resolution),
    };
    const representation = negotiated.returnPreference === 'representation';
    const status = mutationStatus(kind, representation, Number(row.inserted));
    if (!representation) return { status, headers, body: '' };
    return {
      status,
      headers: { ...headers, 'content-type': CONTENT_TYPES[negotiated.media] },
      body: rowsBody(negotiated, row.body!, affected),
    };
  });
}

function checkColumns(table: Table, columns: Iterable<string>): void {
  for (const column of columns) if (!table.columns.has(column)) throw columnNotFound(table.name, column);
}

async function insert(db: Database, cache: SchemaCache, req: RestRequest, table: Table, negotiated: Negotiated) {
  const query = parseQuery(req.query);
  const payload = parseJsonBody(req.body);
  const rows = Array.isArray(payload.value) ? payload.value : [payload.value];
  if (!rows.every(isObject)) throw bodyError('All elements of the payload must be JSON objects');
  let columns = query.columns;
  if (!columns) {
    columns = Object.keys(rows[0] ?? {});
    const signature = [...columns].sort().join(',');
    if (rows.some((row) => Object.keys(row).sort().join(',') !== signature)) {
      throw bodyError('All object keys must match');
    }
  }
  checkColumns(table, columns);

  let onConflict: { columns: string[]; resolution: 'merge' | 'ignore' } | undefined;
  if (negotiated.resolution) {
    const target = query.onConflict ?? table.primaryKey;
    if (target.length === 0) throw queryParamError(`on_conflict is required: ${table.name} has no primary key`);
    checkColumns(table, target);
    onConflict = { columns: target, resolution: negotiated.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }

  const statement = buildInsert(cache, table, query, {
    ...mutationOptions(negotiated),
    columns,
    rows: { value: rows, text: Array.isArray(payload.value) ? payload.text : `[${payload.text}]` },
    missingDefault: negotiated.missingDefault,
    onConflict,
  });
  return mutate(db, req, statement, negotiated, {
    method: 'insert',
    merging: onConflict?.resolution === 'merge',
    resolution: onConflict !== undefined,
  });
}

async function update(db: Database, cache: SchemaCache, req: RestRequest, table: Table, negotiated: Negotiated) {
  const query = parseQuery(req.query);
  const payload = parseJsonBody(req.body);
  const values = payload.value;
  if (!isObject(values)) throw bodyError('The payload of an update must be one JSON object');
  checkColumns(table, Object.keys(values));
  if (Object.keys(values).length === 0) {
    // Nothing to change: no row is touched, as PostgREST answers an empty update.
    return mutateNothing(negotiated);
  }
  const statement = buildUpdate(cache, table, query, {
    ...mutationOptions(negotiated),
    values: { value: values, text: payload.text },
  });
  return mutate(db, req, statement, negotiated, { method: 'update' });
}

function mutateNothing(negotiated: Negotiated): RestResponse {
  if (negotiated.single) throw singularityError(0);
  const headers = { 'content-range': '*/*', ...preferenceApplied(negotiated, 'mutate') };
  return negotiated.returnPreference === 'representation'
    ? { status: 200, headers: { ...headers, 'content-type': CONTENT_TYPES[negotiated.media] }, body: negotiated.media === 'csv' ? '\n' : '[]' }
    : { status: 204, headers, body: '' };
}

async function remove(db: Database, cache: SchemaCache, req: RestRequest, table: Table, negotiated: Negotiated) {
  const query = parseQuery(req.query);
  const statement = buildDelete(cache, table, query, mutationOptions(negotiated));
  return mutate(db, req, statement, negotiated, { method: 'delete' });
}

// functions -------------------------------------------------------------------------------------

function functionArguments(req: RestRequest): JsonBody<Record<string, unknown>> {
  if (req.method === 'POST') {
    const { value, text } = parseJsonBody(req.body);
    if (!isObject(value)) throw bodyError('The payload of a function call must be one JSON object');
    return { value, text };
  }
  // As PostgREST does: a value in filter syntax filters the result, anything else is an argument.
  const args: Record<string, unknown> = {};
  for (const name of new Set(req.query.keys())) {
    const values = req.query.getAll(name);
    if (isReservedKey(name) || values.every(isFilterValue)) continue;
    args[name] = values.length === 1 ? values[0] : values;
  }
  return { value: args, text: JSON.stringify(args) };
}

/** PostgREST's overload choice: every key names a parameter, every parameter without default is given. */
function chooseFunction(
  cache: SchemaCache,
  req: RestRequest,
  schema: string,
  name: string,
  overloads: RestFunction[],
  args: Record<string, unknown>,
): RestFunction {
  const keys = Object.keys(args).sort();
  const isPost = req.method === 'POST';
  const matches = overloads.filter(
    (fn) =>
      keys.every((key) => fn.parameters.some((parameter) => parameter.name === key)) &&
      fn.parameters.every((parameter) => parameter.hasDefault || keys.includes(parameter.name)),
  );
  const singleJson = overloads.filter(
    (fn) => fn.parameters.length === 1 && fn.parameters[0]!.name === '' && /^jsonb?$/.test(fn.parameters[0]!.type),
  );
  const candidates = matches.length > 0 ? matches : isPost ? singleJson : [];
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1) {
    const describe = (fn: RestFunction) =>
      `${fn.schema}.${fn.name}(${fn.parameters.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates.map(describe).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const qualifiedName = `${schema}.${name}`;
  const parameterList = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const searched =
    keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  const sortedParameters = (fn: RestFunction) => `(${fn.parameters.map((p) => p.name).sort().join(', ')})`;
  const suggestion =
    overloads.length === 0
      ? closestMatch(
          name,
          [...cache.functions.values()].flat().filter((fn) => fn.schema === schema).map((fn) => fn.name),
          0.75,
        )
      : closestMatch(`(${keys.join(', ')})`, overloads.map(sortedParameters), 0.33)?.replace(/^/, name);
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function ${qualifiedName}${parameterList} in the schema cache`,
    `Searched for the function ${qualifiedName}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    suggestion ? `Perhaps you meant to call the function ${schema}.${suggestion}` : null,
  );
}

async function callFunction(
  db: Database,
  cache: SchemaCache,
  req: RestRequest,
  schema: string,
  name: string,
): Promise<RestResponse> {
  const overloads = cache.functions.get(tableKey(schema, name)) ?? [];
  const args = functionArguments(req);
  const fn = chooseFunction(cache, req, schema, name, overloads, args.value);
  const negotiated = negotiate(req, cache);
  const query = parseQuery(req.query, req.method === 'POST' ? new Set() : new Set(Object.keys(args.value)));
  if (negotiated.maxAffected !== undefined && !fn.returnsSet) {
    throw new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  }
  const statement = buildRpc(cache, fn, args, query, readOptions(negotiated));
  // GET calls and STABLE/IMMUTABLE functions run read-only: a write there fails 25006 → 405.
  const readOnly = req.method !== 'POST' || fn.readOnly;
  return inTransaction(db, req, negotiated, readOnly, statement, (row) => {
    if (statement.shape === 'void') return { status: 204, headers: preferenceApplied(negotiated, 'call'), body: '' };
    if (statement.shape === 'rows') {
      checkMaxAffected(negotiated, Number(row.page_rows));
      return rowsResponse(row, query, negotiated, 'call');
    }
    // A function returning one value or one row is one row to PostgREST's Content-Range, even
    // when its filters leave nothing (the body is then null). One value is always JSON.
    const total = negotiated.count ? Number(row.total ?? 1) : null;
    const media = statement.shape === 'value' && negotiated.media === 'csv' ? 'json' : negotiated.media;
    return {
      status: 200,
      headers: {
        'content-type': CONTENT_TYPES[media],
        'content-range': contentRange(0, 1, total),
        ...preferenceApplied(negotiated, 'call'),
      },
      body: row.body ?? 'null',
    };
  });
}
