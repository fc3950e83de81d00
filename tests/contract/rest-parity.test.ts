/**
 * Where the local REST API must answer exactly as PostgREST 13 does (issue 19), through supabase-js,
 * on a schema of its own created here (not the app's). Every expected answer comes from PostgREST's
 * documentation or source (tag v13): nothing here depends on how the local stack is built, so the
 * file would pass unchanged against `supabase start` given the same schema.
 */
import type { PostgrestResponse, PostgrestSingleResponse, SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { describeStack } from './harness';

/**
 * Ranges, a one-to-many pair, a many-to-many junction, a view over a table, a computed column, a
 * computed relationship, and functions returning one row, one scalar and a set. Anon may do
 * anything: these tests are about the API's grammar, not about row-level security.
 */
const SCHEMA = `
create table public.parity_ages (id int primary key, label text not null, age_range int4range not null);
insert into public.parity_ages values
  (1, 'toddler', '[1,2)'), (2, 'child', '[2,12)'), (3, 'teen', '[12,20)'), (4, 'young', '[20,25)'), (5, 'adult', '[25,60)');

create table public.parity_things (id int primary key, name text not null, made_on date not null);
insert into public.parity_things values (1, 'Widget', '2026-01-05'), (2, 'Big gadget', '2026-02-10'), (3, 'Empty box', '2026-03-15');

create table public.parity_parts (
  id int primary key,
  thing_id int not null references public.parity_things (id),
  name text not null,
  weight int not null
);
insert into public.parity_parts values (1, 1, 'bolt', 2), (2, 1, 'nut', 1), (3, 2, 'motor', 40), (4, 2, 'frame', 25), (5, 2, 'screw', 1);

create table public.parity_tags (id int primary key, label text not null);
insert into public.parity_tags values (1, 'metal'), (2, 'small'), (3, 'unused');
create table public.parity_thing_tags (
  thing_id int references public.parity_things (id),
  tag_id int references public.parity_tags (id),
  primary key (thing_id, tag_id)
);
insert into public.parity_thing_tags values (1, 1), (1, 2), (2, 1);

create view public.parity_heavy_parts as select id, thing_id, name, weight from public.parity_parts where weight >= 10;

create function public.parity_shout(public.parity_things) returns text language sql stable
  as $$ select upper($1.name) $$;
create function public.parity_heaviest_part(public.parity_things) returns setof public.parity_parts
  language sql stable rows 1 as $$ select * from public.parity_parts where thing_id = $1.id order by weight desc limit 1 $$;
create function public.parity_find(thing_name text) returns public.parity_things language sql stable
  as $$ select * from public.parity_things where name = thing_name $$;
create function public.parity_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.parity_scale(factor int) returns setof public.parity_parts language sql stable
  as $$ select id, thing_id, name, weight * factor from public.parity_parts order by id $$;
create function public.parity_pick(jsonb) returns text language sql immutable as $$ select 'body ' || $1::text $$;
create function public.parity_pick(a int) returns text language sql immutable as $$ select 'named ' || a $$;
create table public.parity_events (id int primary key, at timestamptz not null);
insert into public.parity_events values (1, '2026-01-01 00:00:00+00');
create table public.parity_counter (id int primary key, hits int not null);
insert into public.parity_counter values (1, 0);
create function public.parity_hit() returns setof public.parity_counter language sql
  as $$ update public.parity_counter set hits = hits + 1 returning * $$;
create function public.parity_touch_all() returns setof public.parity_parts language sql
  as $$ update public.parity_parts set name = name || '!' returning * $$;

grant select, insert, update, delete on all tables in schema public to anon;
grant execute on all functions in schema public to anon;
`;

/** PostgREST's in-database configuration for this database: the two opt-in features used below. */
const CONFIG = (database: string) => `
alter role authenticator in database "${database}" set pgrst.db_tx_end = 'commit-allow-override';
alter role authenticator in database "${database}" set pgrst.db_aggregates_enabled = 'true';
notify pgrst, 'reload config';
notify pgrst, 'reload schema';
`;

const failure = (status: number, error: { code: string; message: string; details?: unknown; hint?: unknown }) => ({
  data: null,
  error: { details: null, hint: null, ...error },
  status,
});

describeStack('rest parity with PostgREST 13', (stack) => {
  let client: SupabaseClient;

  /** A request as supabase-js sends it, for the headers the client does not expose. */
  const raw = (route: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    fetch(`${stack().url}/rest/v1${route}`, {
      method: init.method ?? 'GET',
      headers: { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}`, ...init.headers },
      body: init.body,
    });

  beforeAll(async () => {
    const db = stack().db!;
    await db.exec(SCHEMA);
    const database = (await db.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    await db.exec(CONFIG(database));
    client = stack().newClient();
    // PostgREST reloads its schema cache asynchronously after the NOTIFY: wait until it knows the
    // new tables.
    for (let attempt = 0; ; attempt++) {
      const response = await raw('/parity_things?select=id&limit=1');
      if (response.ok) break;
      if (attempt === 500) throw new Error(`the schema cache never reloaded: ${await response.text()}`);
    }
  });

  const partNames = async () =>
    ((await client.from('parity_parts').select('name').order('id')).data as { name: string }[]).map(
      (part) => part.name,
    );

  // silent differences ----------------------------------------------------------------------------

  it('reads nxl as "does not extend to the left of" (&>) and nxr as "to the right of" (&<)', async () => {
    const ids = (response: PostgrestResponse<{ id: number }>) => response.data?.map((row) => row.id);
    // rangeGte sends nxl, rangeLte sends nxr (postgrest-js), PostgREST's SqlFragment maps them to &> and &<.
    expect(ids(await client.from('parity_ages').select('id').rangeGte('age_range', '[2,25)').order('id'))).toEqual([
      2, 3, 4, 5,
    ]);
    expect(ids(await client.from('parity_ages').select('id').rangeLte('age_range', '[2,25)').order('id'))).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('refuses an update or delete touching more rows than max-affected with PGRST124, changing nothing', async () => {
    const before = await partNames();
    type Limited = { maxAffected(rows: number): PromiseLike<PostgrestSingleResponse<null>> };
    const update = client.from('parity_parts').update({ name: 'renamed' }).eq('thing_id', 2) as unknown as Limited;
    expect(await update.maxAffected(2)).toMatchObject(
      failure(400, {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 3 rows',
      }),
    );
    const remove = client.from('parity_parts').delete().gte('id', 1) as unknown as Limited;
    expect(await remove.maxAffected(4)).toMatchObject(
      failure(400, {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 5 rows',
      }),
    );
    expect(await partNames()).toEqual(before);

    const allowed = await raw('/parity_parts?id=eq.1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ name: 'bolt' }),
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
    // Without handling=strict, PostgREST ignores max-affected.
    const lenient = await raw('/parity_parts?thing_id=eq.2', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'max-affected=1' },
      body: JSON.stringify({ thing_id: 2 }),
    });
    expect(lenient.status).toBe(204);
  });

  it('holds set-returning functions to max-affected, and refuses it on others with PGRST128', async () => {
    const before = await partNames();
    const strictPost = (body: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=2' },
      body,
    });
    const touched = await raw('/rpc/parity_touch_all', strictPost('{}'));
    expect(touched.status).toBe(400);
    expect(await touched.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 5 rows',
      hint: null,
    });
    expect(await partNames()).toEqual(before);
    const scalar = await raw('/rpc/parity_add', strictPost('{"a":1,"b":2}'));
    expect(scalar.status).toBe(400);
    expect(await scalar.json()).toEqual({
      code: 'PGRST128',
      message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      details: null,
      hint: null,
    });
  });

  it('calls a function once, also when its rows are counted', async () => {
    expect(await client.rpc('parity_hit', {}, { count: 'exact' })).toMatchObject({
      data: [{ id: 1, hits: 1 }],
      count: 1,
      error: null,
    });
    expect((await client.from('parity_counter').select('hits')).data).toEqual([{ hits: 1 }]);
  });

  it('refuses unknown preferences under handling=strict with PGRST122', async () => {
    const response = await raw('/parity_things', { headers: { prefer: 'handling=strict, count=exact, foo, bar=1' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: foo, bar=1',
      hint: null,
    });
  });

  it('rolls back a write sent with tx=rollback (.rollback()) and still answers with its representation', async () => {
    const inserted = await client.from('parity_tags').insert({ id: 9, label: 'draft' }).select().rollback();
    expect(inserted).toMatchObject({ data: [{ id: 9, label: 'draft' }], error: null, status: 201 });
    expect((await client.from('parity_tags').select('id').eq('id', 9)).data).toEqual([]);
    const deleted = await raw('/parity_tags?id=eq.3', { method: 'DELETE', headers: { prefer: 'tx=rollback' } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('preference-applied')).toBe('tx=rollback');
    expect((await client.from('parity_tags').select('id').eq('id', 3)).data).toEqual([{ id: 3 }]);
  });

  it('inserts through an automatically updatable view, answering 201 with the row', async () => {
    const inserted = await client
      .from('parity_heavy_parts')
      .insert({ id: 9, thing_id: 3, name: 'anvil', weight: 50 })
      .select()
      .rollback();
    expect(inserted).toMatchObject({
      data: [{ id: 9, thing_id: 3, name: 'anvil', weight: 50 }],
      error: null,
      status: 201,
    });
    expect((await client.from('parity_parts').select('id').eq('id', 9)).data).toEqual([]);
  });

  it('applies select and filters to a function returning one row: filtered out is null', async () => {
    expect(await client.rpc('parity_find', { thing_name: 'Widget' }, { get: true }).select('name')).toMatchObject({
      data: { name: 'Widget' },
      error: null,
      status: 200,
    });
    expect(await client.rpc('parity_find', { thing_name: 'Widget' }, { get: true }).eq('name', 'nope')).toMatchObject({
      data: null,
      error: null,
      status: 200,
    });
  });

  it('counts a scalar function as one row: Content-Range 0-0/1', async () => {
    expect(await client.rpc('parity_add', { a: 1, b: 2 }, { count: 'exact' })).toMatchObject({
      data: 3,
      count: 1,
      error: null,
    });
    const response = await raw('/rpc/parity_add?a=1&b=2', { headers: { prefer: 'count=exact' } });
    expect(response.headers.get('content-range')).toBe('0-0/1');
  });

  it('leaves an embedding that selects nothing out of the rows, while it still filters them', async () => {
    const response = await client
      .from('parity_things')
      .select('name, parity_parts!inner()')
      .eq('parity_parts.name', 'motor');
    expect(response.error).toBeNull();
    expect(response.data).toEqual([{ name: 'Big gadget' }]);
  });

  it('refuses the same relation embedded twice without an alias with 42712', async () => {
    const response = await client.from('parity_things').select('id, parity_parts(id), parity_parts(name)');
    expect(response).toMatchObject(
      failure(400, { code: '42712', message: 'table name "parity_things_parity_parts_1" specified more than once' }),
    );
    const aliased = await client
      .from('parity_things')
      .select('id, ids:parity_parts(id), names:parity_parts(name)')
      .eq('id', 1)
      .order('id', { referencedTable: 'ids' })
      .order('name', { referencedTable: 'names' });
    expect(aliased.data).toEqual([{ id: 1, ids: [{ id: 1 }, { id: 2 }], names: [{ name: 'bolt' }, { name: 'nut' }] }]);
  });

  // idioms ----------------------------------------------------------------------------------------

  it('embeds many-to-many through a junction table, in both directions', async () => {
    const things = client.from('parity_things').select('name, parity_tags(label)');
    expect((await things.order('id').order('id', { referencedTable: 'parity_tags' })).data).toEqual([
      { name: 'Widget', parity_tags: [{ label: 'metal' }, { label: 'small' }] },
      { name: 'Big gadget', parity_tags: [{ label: 'metal' }] },
      { name: 'Empty box', parity_tags: [] },
    ]);
    const tags = client.from('parity_tags').select('label, parity_things!inner(name)');
    expect((await tags.eq('parity_things.name', 'Widget').order('id')).data).toEqual([
      { label: 'metal', parity_things: [{ name: 'Widget' }] },
      { label: 'small', parity_things: [{ name: 'Widget' }] },
    ]);
  });

  it('embeds views by the foreign keys of the tables they select from', async () => {
    const things = client.from('parity_things').select('name, parity_heavy_parts(name)');
    expect((await things.order('id').order('id', { referencedTable: 'parity_heavy_parts' })).data).toEqual([
      { name: 'Widget', parity_heavy_parts: [] },
      { name: 'Big gadget', parity_heavy_parts: [{ name: 'motor' }, { name: 'frame' }] },
      { name: 'Empty box', parity_heavy_parts: [] },
    ]);
    expect((await client.from('parity_heavy_parts').select('name, parity_things(name)').order('id')).data).toEqual([
      { name: 'motor', parity_things: { name: 'Big gadget' } },
      { name: 'frame', parity_things: { name: 'Big gadget' } },
    ]);
  });

  it('counts related rows with rel(count), and aggregates with count() and col.sum()', async () => {
    expect((await client.from('parity_things').select('name, parity_parts(count)').order('id')).data).toEqual([
      { name: 'Widget', parity_parts: [{ count: 2 }] },
      { name: 'Big gadget', parity_parts: [{ count: 3 }] },
      { name: 'Empty box', parity_parts: [{ count: 0 }] },
    ]);
    expect((await client.from('parity_parts').select('count()')).data).toEqual([{ count: 5 }]);
    const grouped = client.from('parity_parts').select('thing_id, total:weight.sum(), weight.max()');
    expect((await grouped.order('thing_id')).data).toEqual([
      { thing_id: 1, total: 3, max: 2 },
      { thing_id: 2, total: 66, max: 40 },
    ]);
    expect((await client.from('parity_things').select('name, parity_parts(weight.sum())').eq('id', 3)).data).toEqual([
      { name: 'Empty box', parity_parts: [{ sum: null }] },
    ]);
    // Grouped by the columns of a to-one spread, and with aggregates hoisted out of one.
    const bySpread = (await client.from('parity_parts').select('total:weight.sum(), ...parity_things(name)')).data as {
      total: number;
    }[];
    expect(bySpread.sort((a, b) => a.total - b.total)).toEqual([
      { total: 3, name: 'Widget' },
      { total: 66, name: 'Big gadget' },
    ]);
    const hoisted = await client
      .from('parity_parts')
      .select('thing_id, ...parity_things(first:made_on.min())')
      .order('thing_id');
    expect(hoisted.data).toEqual([
      { thing_id: 1, first: '2026-01-05' },
      { thing_id: 2, first: '2026-02-10' },
    ]);
    // Grouped by an embedded resource.
    const byThing = (await client.from('parity_parts').select('total:weight.sum(), parity_things(name)')).data as {
      total: number;
    }[];
    expect(byThing.sort((a, b) => a.total - b.total)).toEqual([
      { total: 3, parity_things: { name: 'Widget' } },
      { total: 66, parity_things: { name: 'Big gadget' } },
    ]);
  });

  it('spreads an embedding into the row with ...rel(cols): to-one as values, to-many as arrays', async () => {
    const toOne = await client
      .from('parity_parts')
      .select('name, ...parity_things(thing:name, made_on)')
      .eq('thing_id', 1)
      .order('id');
    expect(toOne.data).toEqual([
      { name: 'bolt', thing: 'Widget', made_on: '2026-01-05' },
      { name: 'nut', thing: 'Widget', made_on: '2026-01-05' },
    ]);
    const toMany = await client
      .from('parity_things')
      .select('name, ...parity_parts(part:name)')
      .lte('id', 2)
      .order('id')
      .order('id', { referencedTable: 'parity_parts' });
    expect(toMany.data).toEqual([
      { name: 'Widget', part: ['bolt', 'nut'] },
      { name: 'Big gadget', part: ['motor', 'frame', 'screw'] },
    ]);
  });

  it('orders rows by a column of a to-one embedding: order=rel(col)', async () => {
    const response = await client
      .from('parity_parts')
      .select('name, parity_things(name)')
      .order('parity_things(name)', { ascending: false })
      .order('id');
    expect(response.data?.map((part) => part.name)).toEqual(['bolt', 'nut', 'motor', 'frame', 'screw']);
  });

  it('calls an overloaded function by its named parameter, or with the whole body as its unnamed json one', async () => {
    expect(await client.rpc('parity_pick', { a: 1 })).toMatchObject({ data: 'named 1', error: null });
    expect(await client.rpc('parity_pick', { b: 2 })).toMatchObject({ data: 'body {"b": 2}', error: null });
  });

  it('writes timestamps in the time zone of Prefer: timezone, and reports it applied', async () => {
    const response = await raw('/parity_events?select=at', { headers: { prefer: 'timezone=Asia/Kolkata' } });
    expect(await response.json()).toEqual([{ at: '2026-01-01T05:30:00+05:30' }]);
    expect(response.headers.get('preference-applied')).toBe('timezone=Asia/Kolkata');
  });

  it('selects, filters and orders by functions of the row as computed columns, and embeds computed relationships', async () => {
    expect((await client.from('parity_things').select('id, parity_shout').eq('parity_shout', 'WIDGET')).data).toEqual([
      { id: 1, parity_shout: 'WIDGET' },
    ]);
    expect((await client.from('parity_things').select('name, parity_heaviest_part(name)').order('id')).data).toEqual([
      { name: 'Widget', parity_heaviest_part: { name: 'bolt' } },
      { name: 'Big gadget', parity_heaviest_part: { name: 'motor' } },
      { name: 'Empty box', parity_heaviest_part: null },
    ]);
  });

  it('answers Accept: text/csv (.csv()) with a header line and one line per row', async () => {
    const response = await client.from('parity_things').select('id, name, made_on').order('id').csv();
    expect(response).toMatchObject({
      data: 'id,name,made_on\n1,Widget,2026-01-05\n2,"Big gadget",2026-02-10\n3,"Empty box",2026-03-15',
      error: null,
      status: 200,
    });
    const raw200 = await raw('/parity_things?select=id&id=eq.0', { headers: { accept: 'text/csv' } });
    expect(raw200.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await raw200.text()).toBe('\n');
  });
});
