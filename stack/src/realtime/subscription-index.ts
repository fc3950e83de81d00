/**
 * One subscriber's subscriptions, indexed so that a change costs work in proportion to what it
 * reaches, not to how many filters the subscriber holds: by type of change, schema and table
 * (either may be `*`), and within those, `eq` filters by column and by value as Postgres prints it.
 * A change then looks its row's value up instead of testing each filter; only filters with no such
 * condition (other operators, or columns whose equality is not equality of text) are tested one by
 * one, and subscriptions.ts bounds how many distinct filters a user may hold.
 *
 * Kept up to date as channels are tracked and untracked, so that neither a join nor a change
 * rebuilds it.
 */
import type { ChangeType } from './capture';
import type { Channel } from './channel';
import type { Subscription } from './delivery';
import type { FilterCondition } from './filters';

const CHANGE_TYPES: readonly ChangeType[] = ['INSERT', 'UPDATE', 'DELETE'];

/** One channel's subscription in the index. */
export interface Holder {
  channel: Channel;
  subscription: Subscription;
  /** The index's sequence number when the channel was tracked: changes delivered before it are not sent to it. */
  since: number;
}

/** A distinct filter, as a type of change judges it, and the subscriptions holding it. */
export interface IndexedFilter {
  /** The lookup that finds the filter (column and printed value); null when it is tested instead. */
  lookup: { column: string; value: string } | null;
  /** The conditions tested in SQL: those besides the lookup's, or all of them. */
  rest: FilterCondition[];
  holders: Set<Holder>;
}

/** What a type of change on one (schema, table) reaches among one subscriber's subscriptions. */
export interface Scope {
  /** Subscriptions with no filter: every change they cover reaches them. */
  unfiltered: Set<Holder>;
  /** The distinct filters, by their conditions. */
  filters: Map<string, IndexedFilter>;
  /** Filters found by lookup: by column, then by the value as Postgres prints it. */
  lookups: Map<string, Map<string, Set<IndexedFilter>>>;
  /** Filters tested one by one. */
  tested: Set<IndexedFilter>;
}

interface Entry {
  scope: string;
  holder: Holder;
  filter: string | null;
}

const scopeKey = (type: ChangeType, schema: string, table: string) => JSON.stringify([type, schema, table]);

/**
 * The conditions a change of `type` is judged on, each with what subscribing learnt of it, or
 * null when the subscription can never match one. A DELETE carries only the primary key: Realtime
 * judges its filters on key columns alone, and a filter naming none never matches.
 */
function conditionsFor(type: ChangeType, subscription: Subscription) {
  const conditions = subscription.filter.map((condition, index) => ({ condition, facts: subscription.facts[index] }));
  if (type !== 'DELETE' || conditions.length === 0) return conditions;
  const onKeys = conditions.filter(({ facts }) => facts?.onKey === true);
  return onKeys.length > 0 ? onKeys : null;
}

export class SubscriptionIndex {
  private readonly scopes = new Map<string, Scope>();
  private readonly entries = new Map<Channel, { since: number; entries: Entry[] }>();

  constructor(private readonly nextSequence: () => number) {}

  get size(): number {
    return this.entries.size;
  }

  has(channel: Channel): boolean {
    return this.entries.has(channel);
  }

  /** Indexes the channel's subscriptions, replacing what was indexed for it before. */
  add(channel: Channel): void {
    // A channel indexed again (its subscriptions renewed) keeps its place in the sequence, so that
    // changes already on their way still reach it.
    const since = this.entries.get(channel)?.since ?? this.nextSequence();
    this.remove(channel);
    const entries: Entry[] = [];
    for (const subscription of channel.subscriptions) {
      const holder: Holder = { channel, subscription, since };
      const types = subscription.event === '*' ? CHANGE_TYPES : [subscription.event];
      for (const type of types) {
        const conditions = conditionsFor(type, subscription);
        if (!conditions) continue;
        const key = scopeKey(type, subscription.schema, subscription.table);
        let scope = this.scopes.get(key);
        if (!scope) {
          scope = { unfiltered: new Set(), filters: new Map(), lookups: new Map(), tested: new Set() };
          this.scopes.set(key, scope);
        }
        if (conditions.length === 0) {
          scope.unfiltered.add(holder);
          entries.push({ scope: key, holder, filter: null });
          continue;
        }
        const filterKey = JSON.stringify(conditions.map(({ condition }) => condition));
        let filter = scope.filters.get(filterKey);
        if (!filter) {
          const found = conditions.findIndex(({ facts }) => facts?.eqText != null);
          const lookup =
            found >= 0
              ? { column: conditions[found]!.condition.column, value: conditions[found]!.facts!.eqText! }
              : null;
          filter = {
            lookup,
            rest: conditions.filter((_, index) => index !== found).map(({ condition }) => condition),
            holders: new Set(),
          };
          scope.filters.set(filterKey, filter);
          if (lookup) {
            let byValue = scope.lookups.get(lookup.column);
            if (!byValue) scope.lookups.set(lookup.column, (byValue = new Map()));
            let same = byValue.get(lookup.value);
            if (!same) byValue.set(lookup.value, (same = new Set()));
            same.add(filter);
          } else {
            scope.tested.add(filter);
          }
        }
        filter.holders.add(holder);
        entries.push({ scope: key, holder, filter: filterKey });
      }
    }
    this.entries.set(channel, { since, entries });
  }

  remove(channel: Channel): void {
    const indexed = this.entries.get(channel);
    if (!indexed) return;
    this.entries.delete(channel);
    for (const entry of indexed.entries) {
      const scope = this.scopes.get(entry.scope)!;
      if (entry.filter === null) {
        scope.unfiltered.delete(entry.holder);
      } else {
        const filter = scope.filters.get(entry.filter)!;
        filter.holders.delete(entry.holder);
        if (filter.holders.size === 0) {
          scope.filters.delete(entry.filter);
          if (filter.lookup) {
            const byValue = scope.lookups.get(filter.lookup.column)!;
            const same = byValue.get(filter.lookup.value)!;
            same.delete(filter);
            if (same.size === 0) byValue.delete(filter.lookup.value);
            if (byValue.size === 0) scope.lookups.delete(filter.lookup.column);
          } else {
            scope.tested.delete(filter);
          }
        }
      }
      if (scope.unfiltered.size === 0 && scope.filters.size === 0) this.scopes.delete(entry.scope);
    }
  }

  /** The scopes a change reaches: its table's, its schema's (`*` table), and those of `*` schema. */
  scopesFor(change: { type: ChangeType; schema: string; table: string }): Scope[] {
    const found: Scope[] = [];
    for (const schema of [change.schema, '*']) {
      for (const table of [change.table, '*']) {
        const scope = this.scopes.get(scopeKey(change.type, schema, table));
        if (scope) found.push(scope);
      }
    }
    return found;
  }
}
