/**
 * A join's postgres_changes bindings, checked against the catalog as Realtime's
 * subscription_check_filters does: all of them become subscriptions, or none, with the reason.
 */
import type { Database } from '../db/database';
import { refreshChangeCapture } from './capture';
import { type ApiRole, loadTables, type TableCache, type TableInfo } from './catalog';
import type { Channel } from './channel';
import { push } from './connection';
import type { ConditionFacts, Subscription } from './delivery';
import { FilterError, parseFilter } from './filters';
import { isObject } from './protocol';

export const MAX_POSTGRES_CHANGES_PER_JOIN = 100;
/** Realtime counts no entries (its frame size bounds them): the reason carries its code for bindings it cannot serve. */
export const TOO_MANY_POSTGRES_CHANGES = `RealtimeDisabledForConfiguration: Too many postgres_changes entries (at most ${MAX_POSTGRES_CHANGES_PER_JOIN} per join)`;

/** A postgres_changes entry as joined, reduced to the fields realtime-js compares in the reply. */
export type Binding = { event?: unknown; schema?: unknown; table?: unknown; filter?: unknown };

export interface SubscribeOutcome {
  subscriptions: Subscription[];
  /** Why the bindings were refused, as Realtime words it; null when all were accepted. */
  failure: string | null;
}

class BindingError extends Error {}

export function tooManyBindings(config: Record<string, unknown>): boolean {
  return Array.isArray(config.postgres_changes) && config.postgres_changes.length > MAX_POSTGRES_CHANGES_PER_JOIN;
}

/**
 * The join config's bindings. A nested value counts as absent: JSON can nest deeper than the
 * stack that would print or hash it.
 */
export function bindingsOf(config: Record<string, unknown>): Binding[] {
  if (!Array.isArray(config.postgres_changes)) return [];
  const scalar = (value: unknown) => (typeof value === 'object' ? undefined : value);
  return (config.postgres_changes as unknown[])
    .filter(isObject)
    .map((entry) => ({
      event: scalar(entry.event),
      schema: scalar(entry.schema),
      table: scalar(entry.table),
      filter: scalar(entry.filter),
    }));
}

/** Whether a refused binding refuses the whole join (`postgres_changes_options.wait`) rather than only reporting it. */
export function waitsForSubscription(config: Record<string, unknown>): boolean {
  return isObject(config.postgres_changes_options) && config.postgres_changes_options.wait === true;
}

/** A stable id for a binding, in the range of Erlang's phash2 that Supabase Realtime uses. */
export function bindingId(binding: Binding): number {
  const text = JSON.stringify([binding.event, binding.schema, binding.table ?? null, binding.filter ?? null]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 ** 27;
}

/** The `postgres_changes` of a join reply: each binding with its id. */
export function joinedBindings(bindings: Binding[]): (Binding & { id: number })[] {
  return bindings.map((binding) => ({ ...binding, id: bindingId(binding) }));
}

/** Tells the client whether its bindings became subscriptions (Realtime's system message). */
export function reportSubscription(channel: Channel, failure: string | null): void {
  push(channel, 'system', {
    extension: 'postgres_changes',
    status: failure ? 'error' : 'ok',
    message: failure ?? 'Subscribed to PostgreSQL',
    channel: channel.topic.replace(/^realtime:/, ''),
  });
}

/** All of a channel's bindings as subscriptions for the role, or none (with the reason) if any one is refused. */
export async function subscribe(
  db: Database,
  tables: TableCache,
  bindings: Binding[],
  role: ApiRole,
): Promise<SubscribeOutcome> {
  const subscriptions: Subscription[] = [];
  // One join's bindings naming the same tables share one lookup.
  const lookups = new Map<string, Promise<TableInfo[]>>();
  for (const binding of bindings) {
    try {
      subscriptions.push(await subscriptionFor(db, tables, binding, role, lookups));
    } catch (error) {
      if (!(error instanceof BindingError || error instanceof FilterError)) throw error;
      const failure =
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
        `connect parameters: [event: ${String(binding.event)}, schema: ${String(binding.schema)}, ` +
        `table: ${String(binding.table ?? '*')}, filters: [${String(binding.filter ?? '')}]]: ${(error as Error).message}`;
      return { subscriptions: [], failure };
    }
  }
  return { subscriptions, failure: null };
}

async function subscriptionFor(
  db: Database,
  tables: TableCache,
  binding: Binding,
  role: ApiRole,
  lookups: Map<string, Promise<TableInfo[]>>,
): Promise<Subscription> {
  const event = typeof binding.event === 'string' ? binding.event.toUpperCase() : '';
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event))
    throw new BindingError(`invalid event ${String(binding.event)}`);
  if (typeof binding.schema !== 'string' || binding.schema === '') throw new BindingError('schema is required');
  if (binding.table != null && typeof binding.table !== 'string') throw new BindingError('table must be a string');
  if (binding.filter != null && typeof binding.filter !== 'string') throw new BindingError('filter must be a string');
  const schema = binding.schema;
  const table = binding.table || '*';
  const filter = parseFilter(binding.filter as string | undefined);

  const lookupKey = JSON.stringify([schema, table]);
  if (!lookups.has(lookupKey)) lookups.set(lookupKey, publishedTables(db, tables, schema, table));
  const found = await lookups.get(lookupKey)!;

  const facts: ConditionFacts[] = [];
  if (filter.length > 0) {
    if (found.length !== 1 || table === '*') throw new BindingError('filters need one table');
    const casts: string[] = [];
    const values: string[] = [];
    /** For each condition, the select-list entry that prints its `eq` value as the column's type. */
    const printedAt: (number | null)[] = [];
    for (const condition of filter) {
      const column = found[0]!.columns.find((c) => c.name === condition.column && c.selectableBy.includes(role));
      if (!column) throw new BindingError(`invalid column for filter ${condition.column}`);
      const given =
        condition.operator === 'in' ? condition.values : condition.operator === 'is' ? [] : [condition.value];
      // like and match patterns compare as text; every other value must be a value of the column's type.
      const castable = !['like', 'ilike', 'match', 'imatch'].includes(condition.operator);
      for (const value of castable ? given : []) {
        values.push(value);
        casts.push(`($${values.length}::text::${column.sqlType})::text as "${casts.length}"`);
      }
      printedAt.push(condition.operator === 'eq' && !condition.negated && column.textEquality ? casts.length - 1 : null);
      facts.push({ onKey: column.isKey, eqText: null });
    }
    if (casts.length > 0) {
      const { rows } = await db.query<Record<string, string | null>>(`select ${casts.join(', ')}`, values).catch((error: Error) => {
        throw new BindingError(`invalid filter value: ${error.message}`);
      });
      printedAt.forEach((at, index) => {
        if (at !== null) facts[index]!.eqText = rows[0]?.[String(at)] ?? null;
      });
    }
  }
  return { id: bindingId(binding), event: event as Subscription['event'], schema, table, filter, facts };
}

/** The published tables a binding names, captured from now on if they were added since the start. */
async function publishedTables(db: Database, tables: TableCache, schema: string, table: string): Promise<TableInfo[]> {
  let found = (await loadTables(db, schema, table)).filter((info) => info.inPublication);
  if (found.length === 0) throw new BindingError(`${schema}.${table} is not in publication supabase_realtime`);
  if (found.some((info) => !info.captured)) {
    await refreshChangeCapture(db);
    found = (await loadTables(db, schema, table)).filter((info) => info.inPublication);
  }
  for (const info of found) tables.remember(info);
  return found;
}
