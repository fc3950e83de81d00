import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithDatabase } from '../auth/test-database';
import { installChangeCapture } from './capture';
import { createTableCache, loadTables, type TableCache } from './catalog';
import {
  type Binding,
  bindingId,
  bindingsOf,
  joinedBindings,
  MAX_POSTGRES_CHANGES_PER_JOIN,
  subscribe,
  tooManyBindings,
  waitsForSubscription,
} from './subscriptions';
import { NOTES_FIXTURE } from './test-support';

const OWNER = '8c1d1d84-2b06-4a28-9f4e-1d2c0b7a9e11';

describe('a join config', () => {
  it('yields its bindings with nested values dropped and non-object entries skipped', () => {
    const config = {
      postgres_changes: [{ event: 'INSERT', schema: 'public', table: { deep: 1 }, extra: 1 }, 'notes', null],
    };
    expect(bindingsOf(config)).toEqual([{ event: 'INSERT', schema: 'public', table: undefined, filter: undefined }]);
    expect(bindingsOf({ postgres_changes: 'notes' })).toEqual([]);
  });

  it(`has too many bindings past ${MAX_POSTGRES_CHANGES_PER_JOIN}, and waits only when asked to`, () => {
    expect(tooManyBindings({ postgres_changes: Array(MAX_POSTGRES_CHANGES_PER_JOIN).fill({}) })).toBe(false);
    expect(tooManyBindings({ postgres_changes: Array(MAX_POSTGRES_CHANGES_PER_JOIN + 1).fill({}) })).toBe(true);
    expect(waitsForSubscription({ postgres_changes_options: { wait: true } })).toBe(true);
    expect(waitsForSubscription({ postgres_changes_options: { wait: 'yes' } })).toBe(false);
  });

  it('gives each binding a stable id in the range of phash2, echoed in the join reply', () => {
    const binding = { event: '*', schema: 'public', table: 'notes' };
    expect(bindingId(binding)).toBe(bindingId({ ...binding }));
    expect(bindingId(binding)).not.toBe(bindingId({ ...binding, filter: 'id=eq.1' }));
    expect(bindingId(binding)).toBeLessThan(2 ** 27);
    expect(joinedBindings([binding])).toEqual([{ ...binding, id: bindingId(binding) }]);
  });
});

describeWithDatabase('subscribe', (db) => {
  let tables: TableCache;
  beforeAll(async () => {
    await db().exec(NOTES_FIXTURE);
    await db().exec('create table public.unpublished (id int primary key)');
    await installChangeCapture(db());
    tables = createTableCache(db());
  });

  const failureOf = async (binding: Binding, role: 'anon' | 'authenticated' = 'authenticated') =>
    (await subscribe(db(), tables, [binding], role)).failure;

  it('turns bindings on a published table into subscriptions, filters parsed', async () => {
    const binding = { event: 'insert', schema: 'public', table: 'notes', filter: `owner=eq.${OWNER}` };
    expect(await subscribe(db(), tables, [binding, { event: '*', schema: 'public' }], 'authenticated')).toEqual({
      subscriptions: [
        {
          id: bindingId(binding),
          event: 'INSERT',
          schema: 'public',
          table: 'notes',
          filter: [{ column: 'owner', operator: 'eq', negated: false, value: OWNER }],
          facts: [{ onKey: false, eqText: OWNER }],
        },
        { id: bindingId({ event: '*', schema: 'public' }), event: '*', schema: 'public', table: '*', filter: [], facts: [] },
      ],
      failure: null,
    });
  });

  it('learns which conditions name the key, and prints eq values as the column type prints them', async () => {
    const binding = {
      event: '*',
      schema: 'public',
      table: 'notes',
      filter: `id=eq.007,owner=eq.${OWNER.toUpperCase()},title=eq.Shirt,title=not.eq.Kurta,id=gt.1,title=like.S*`,
    };
    const { subscriptions, failure } = await subscribe(db(), tables, [binding], 'authenticated');
    expect(failure).toBeNull();
    expect(subscriptions[0]!.facts).toEqual([
      { onKey: true, eqText: '7' },
      { onKey: false, eqText: OWNER },
      { onKey: false, eqText: 'Shirt' },
      { onKey: false, eqText: null },
      { onKey: true, eqText: null },
      { onKey: false, eqText: null },
    ]);
  });

  it("refuses them all, with Realtime's reason, if any one is refused", async () => {
    const outcome = await subscribe(
      db(),
      tables,
      [
        { event: '*', schema: 'public', table: 'notes' },
        { event: '*', schema: 'public', table: 'unpublished' },
      ],
      'authenticated',
    );
    expect(outcome).toEqual({
      subscriptions: [],
      failure:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ' +
        '[event: *, schema: public, table: unpublished, filters: []]: public.unpublished is not in publication supabase_realtime',
    });
  });

  it('refuses bad events, a missing schema, and filters Postgres or the role could not apply', async () => {
    expect(await failureOf({ event: 'TRUNCATE', schema: 'public', table: 'notes' })).toMatch(/invalid event TRUNCATE$/);
    expect(await failureOf({ event: '*', table: 'notes' })).toMatch(/schema is required$/);
    expect(await failureOf({ event: '*', schema: 'public', filter: 'id=eq.1' })).toMatch(/filters need one table$/);
    expect(await failureOf({ event: '*', schema: 'public', table: 'notes', filter: 'secret=eq.x' })).toMatch(
      /invalid column for filter secret$/,
    );
    expect(await failureOf({ event: '*', schema: 'public', table: 'notes', filter: 'title=eq.x' }, 'anon')).toMatch(
      /invalid column for filter title$/,
    );
    expect(await failureOf({ event: '*', schema: 'public', table: 'notes', filter: 'owner=eq.nobody' })).toMatch(
      /invalid filter value: invalid input syntax for type uuid/,
    );
    expect(await failureOf({ event: '*', schema: 'public', table: 'notes', filter: 'title=nope.x' })).toMatch(
      /unknown filter operator "nope"$/,
    );
  });

  it('captures a table published since the capture was installed', async () => {
    await db().exec(
      'create table public.late (id int primary key); grant select on public.late to authenticated; alter publication supabase_realtime add table public.late;',
    );
    expect(await failureOf({ event: '*', schema: 'public', table: 'late' })).toBeNull();
    expect((await loadTables(db(), 'public', 'late'))[0]?.captured).toBe(true);
    expect((await tables.get('public', 'late'))?.captured).toBe(true);
  });
});
