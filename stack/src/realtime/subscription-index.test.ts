import { describe, expect, it } from 'vitest';
import type { ConditionFacts, Subscription } from './delivery';
import { parseFilter } from './filters';
import { SubscriptionIndex } from './subscription-index';
import { joinedChannel, recordingConnection } from './test-support';

let ids = 0;
/** A subscription on public.notes; `facts` as subscribing would learn them (id is the key, owner and title print as compared). */
function subscription(event: Subscription['event'], filter = '', table = 'notes', schema = 'public'): Subscription {
  const conditions = parseFilter(filter);
  const facts: ConditionFacts[] = conditions.map((condition) => ({
    onKey: condition.column === 'id',
    eqText: condition.operator === 'eq' && !condition.negated ? condition.value : null,
  }));
  return { id: ++ids, event, schema, table, filter: conditions, facts };
}

function indexed(...subscriptions: Subscription[][]) {
  let sequence = 0;
  const index = new SubscriptionIndex(() => ++sequence);
  const connection = recordingConnection();
  const channels = subscriptions.map((held, i) => joinedChannel(connection, `realtime:${i}`, { subscriptions: held }));
  for (const channel of channels) index.add(channel);
  return { index, channels };
}

const change = (type: 'INSERT' | 'UPDATE' | 'DELETE', table = 'notes') => ({ type, schema: 'public', table });

describe('SubscriptionIndex', () => {
  it("files each subscription under its change types, schema and table, and finds a change's scopes with wildcards", () => {
    const { index } = indexed(
      [subscription('INSERT'), subscription('*', '', '*')],
      [subscription('UPDATE', '', '*', '*'), subscription('DELETE', '', 'other')],
    );
    expect(index.scopesFor(change('INSERT')).map((scope) => scope.unfiltered.size)).toEqual([1, 1]);
    expect(index.scopesFor(change('UPDATE')).map((scope) => scope.unfiltered.size)).toEqual([1, 1]);
    expect(index.scopesFor(change('DELETE'))).toHaveLength(1);
    expect(index.scopesFor(change('DELETE', 'other'))).toHaveLength(2);
    expect(index.scopesFor({ type: 'INSERT', schema: 'private', table: 'notes' })).toHaveLength(0);
  });

  it('finds eq filters by column and printed value, holding each distinct filter once, and tests the rest', () => {
    const { index, channels } = indexed(
      [subscription('INSERT', 'title=eq.Shirt'), subscription('INSERT', 'title=like.S*')],
      [subscription('INSERT', 'title=eq.Shirt'), subscription('INSERT', 'title=eq.Kurta,id=gt.3')],
    );
    const [scope] = index.scopesFor(change('INSERT'));
    expect(scope!.filters.size).toBe(3);
    const shirt = [...scope!.lookups.get('title')!.get('Shirt')!];
    expect(shirt).toHaveLength(1);
    expect(shirt[0]!.rest).toEqual([]);
    expect([...shirt[0]!.holders].map((holder) => holder.channel)).toEqual(channels);
    expect([...scope!.lookups.get('title')!.get('Kurta')!][0]!.rest).toEqual(parseFilter('id=gt.3'));
    expect([...scope!.tested].map((filter) => filter.rest)).toEqual([parseFilter('title=like.S*')]);
  });

  it('judges a DELETE on key conditions alone, leaving out filters that name no key column', () => {
    const { index } = indexed([
      subscription('DELETE', 'title=eq.Shirt'),
      subscription('DELETE', 'title=eq.Shirt,id=eq.7'),
      subscription('*', 'id=gt.3'),
      subscription('*'),
    ]);
    const [scope] = index.scopesFor(change('DELETE'));
    expect(scope!.unfiltered.size).toBe(1);
    expect([...scope!.lookups.keys()]).toEqual(['id']);
    expect([...scope!.lookups.get('id')!.get('7')!][0]!.rest).toEqual([]);
    expect([...scope!.tested].map((filter) => filter.rest)).toEqual([parseFilter('id=gt.3')]);
  });

  it('forgets what a channel held when it is removed, and keeps its place when it is indexed again', () => {
    const { index, channels } = indexed(
      [subscription('INSERT', 'title=eq.Shirt'), subscription('INSERT', 'title=like.S*')],
      [subscription('INSERT', 'title=eq.Shirt')],
    );
    const [first, second] = channels as [(typeof channels)[0], (typeof channels)[0]];
    const since = [...index.scopesFor(change('INSERT'))[0]!.lookups.get('title')!.get('Shirt')!][0]!.holders;
    const firstSince = [...since].find((holder) => holder.channel === first)!.since;
    first.subscriptions = [subscription('INSERT', 'title=eq.Kurta')];
    index.add(first);
    const [scope] = index.scopesFor(change('INSERT'));
    expect([...scope!.lookups.get('title')!.keys()].sort()).toEqual(['Kurta', 'Shirt']);
    expect(scope!.tested.size).toBe(0);
    expect([...[...scope!.lookups.get('title')!.get('Kurta')!][0]!.holders][0]!.since).toBe(firstSince);

    index.remove(first);
    index.remove(second);
    expect(index.size).toBe(0);
    expect(index.scopesFor(change('INSERT'))).toEqual([]);
  });
});
