import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionSql, FilterError, MAX_IN_VALUES, parseFilter } from './filters';
import { startThrowawayPostgres, type EmbeddedServer } from '../db/embedded';

describe('parseFilter', () => {
  it('reads nothing from an absent or empty filter', () => {
    expect(parseFilter(undefined)).toEqual([]);
    expect(parseFilter(null)).toEqual([]);
    expect(parseFilter('')).toEqual([]);
  });

  it('reads column=operator.value', () => {
    expect(parseFilter('user_id=eq.8c1d1d84-2b06-4a28-9f4e-1d2c0b7a9e11')).toEqual([
      { column: 'user_id', operator: 'eq', negated: false, value: '8c1d1d84-2b06-4a28-9f4e-1d2c0b7a9e11' },
    ]);
    for (const operator of ['neq', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike', 'match', 'imatch', 'isdistinct']) {
      expect(parseFilter(`n=${operator}.5`)).toEqual([{ column: 'n', operator, negated: false, value: '5' }]);
    }
  });

  it('keeps dots after the operator in the value', () => {
    expect(parseFilter('price=gt.10.50')).toEqual([{ column: 'price', operator: 'gt', negated: false, value: '10.50' }]);
  });

  it('reads in lists, unquoting quoted items', () => {
    expect(parseFilter('name=in.(a,"b,c","d\\"e")')).toEqual([
      { column: 'name', operator: 'in', negated: false, values: ['a', 'b,c', 'd"e'] },
    ]);
  });

  it('reads not. and is', () => {
    expect(parseFilter('status=not.in.(draft,archived)')).toEqual([
      { column: 'status', operator: 'in', negated: true, values: ['draft', 'archived'] },
    ]);
    expect(parseFilter('category=is.null')).toEqual([
      { column: 'category', operator: 'is', negated: false, value: 'null' },
    ]);
    expect(parseFilter('done=not.is.TRUE')).toEqual([{ column: 'done', operator: 'is', negated: true, value: 'true' }]);
  });

  it('ANDs comma-separated conditions, splitting outside quotes and parentheses only', () => {
    expect(parseFilter('id=gt.0,tag=in.(x,y),name=eq."a,b"')).toEqual([
      { column: 'id', operator: 'gt', negated: false, value: '0' },
      { column: 'tag', operator: 'in', negated: false, values: ['x', 'y'] },
      { column: 'name', operator: 'eq', negated: false, value: 'a,b' },
    ]);
  });

  it('refuses malformed filters', () => {
    for (const bad of ['user_id', '=eq.1', 'id=eq', 'id=between.1', 'id=in.1,2', 'id=is.maybe', 'name=eq."open']) {
      expect(() => parseFilter(bad), bad).toThrow(FilterError);
    }
  });

  it(`refuses in lists longer than ${MAX_IN_VALUES}`, () => {
    const values = Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => i).join(',');
    expect(() => parseFilter(`id=in.(${values})`)).toThrow(/Maximum 100/);
    expect(parseFilter(`id=in.(${values.split(',').slice(1).join(',')})`)[0]).toMatchObject({ operator: 'in' });
  });
});

describe('conditionSql, evaluated by Postgres against a row', () => {
  let server: EmbeddedServer;
  let db: pg.Client;
  beforeAll(async () => {
    server = await startThrowawayPostgres();
    db = new pg.Client(server.connection);
    await db.connect();
    await db.query(`create table item (id int, name text, price numeric, done boolean, owner uuid, note text)`);
    await db.query(`insert into item values (7, 'Blue shirt', 12.50, true, '8c1d1d84-2b06-4a28-9f4e-1d2c0b7a9e11', null)`);
  }, 60_000);
  afterAll(async () => {
    await db.end();
    await server.stop();
  });

  const types: Record<string, string> = { id: 'integer', name: 'text', price: 'numeric', done: 'boolean', owner: 'uuid', note: 'text' };

  async function matches(filter: string): Promise<boolean> {
    const params: unknown[] = [];
    const predicate = parseFilter(filter)
      .map((condition) => conditionSql(condition, 'r', types[condition.column]!, params))
      .join(' and ');
    const { rows } = await db.query<{ match: boolean }>(`select ${predicate} as match from item r`, params);
    return rows[0]!.match;
  }

  it('compares values cast to the column type', async () => {
    expect(await matches('id=eq.7')).toBe(true);
    expect(await matches('id=eq.8')).toBe(false);
    expect(await matches('id=neq.8')).toBe(true);
    // Numeric, not text, ordering: '9' > '12.5' as text but 9 < 12.5 as numbers.
    expect(await matches('price=gt.9')).toBe(true);
    expect(await matches('price=lt.9')).toBe(false);
    expect(await matches('price=gte.12.5')).toBe(true);
    expect(await matches('price=lte.12.49')).toBe(false);
    expect(await matches('owner=eq.8C1D1D84-2B06-4A28-9F4E-1D2C0B7A9E11')).toBe(true);
  });

  it('matches in lists and their negation', async () => {
    expect(await matches('id=in.(1,7,9)')).toBe(true);
    expect(await matches('id=in.(1,9)')).toBe(false);
    expect(await matches('id=not.in.(1,9)')).toBe(true);
    expect(await matches('name=in.("Blue shirt",x)')).toBe(true);
  });

  it('matches is, like, ilike, match and isdistinct', async () => {
    expect(await matches('note=is.null')).toBe(true);
    expect(await matches('done=is.true')).toBe(true);
    expect(await matches('done=not.is.true')).toBe(false);
    expect(await matches('name=like.Blue*')).toBe(true);
    expect(await matches('name=like.blue*')).toBe(false);
    expect(await matches('name=ilike.blue%')).toBe(true);
    expect(await matches('name=match.^B.*t$')).toBe(true);
    expect(await matches('name=imatch.^b')).toBe(true);
    expect(await matches('note=isdistinct.x')).toBe(true);
    expect(await matches('id=isdistinct.7')).toBe(false);
  });

  it('treats a comparison with NULL as no match, negated or not', async () => {
    expect(await matches('note=eq.x')).toBe(false);
    expect(await matches('note=not.eq.x')).toBe(false);
  });

  it('ANDs conditions', async () => {
    expect(await matches('id=eq.7,price=gt.10')).toBe(true);
    expect(await matches('id=eq.7,price=gt.20')).toBe(false);
  });

  it('binds values as parameters, so SQL in a value is only data', async () => {
    expect(await matches(`name=eq.x' or true --`)).toBe(false);
    expect(await db.query('select count(*)::int as n from item')).toMatchObject({ rows: [{ n: 1 }] });
  });
});
