import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { isFilterValue, parseOrder, parsePreferences, parseQuery, parseSelect } from './parse-query';

const field = (name: string, jsonPath: { arrow: '->' | '->>'; key: string }[] = []) => ({ name, jsonPath });

function parseError(fn: () => unknown): { code: string; message: string; details: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('select', () => {
  it('parses columns, aliases, casts, JSON paths and star', () => {
    expect(parseSelect('*,code:sku,price:selling_price::text,meta->a->>b')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: field('sku'), alias: 'code', cast: undefined },
      { kind: 'column', field: field('selling_price'), alias: 'price', cast: 'text' },
      { kind: 'column', field: field('meta', [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }]), alias: undefined, cast: undefined },
    ]);
  });

  it('parses nested embeddings with aliases, hints and !inner', () => {
    expect(parseSelect('id,item:products!sales_orders_product_id_fkey!inner(sku,bom_items(*)),raw_materials()')).toEqual([
      { kind: 'column', field: field('id'), alias: undefined, cast: undefined },
      {
        kind: 'embed',
        relation: 'products',
        alias: 'item',
        hint: 'sales_orders_product_id_fkey',
        inner: true,
        spread: false,
        select: [
          { kind: 'column', field: field('sku'), alias: undefined, cast: undefined },
          { kind: 'embed', relation: 'bom_items', alias: undefined, hint: undefined, inner: false, spread: false, select: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', relation: 'raw_materials', alias: undefined, hint: undefined, inner: false, spread: false, select: [] },
    ]);
  });

  it('refuses malformed select lists with PGRST100', () => {
    expect(parseError(() => parseSelect('id,,sku'))).toEqual({
      code: 'PGRST100',
      message: 'failed to parse select parameter (id,,sku)',
      details: 'empty select item',
    });
    expect(parseError(() => parseSelect('products(sku')).details).toBe('unbalanced parentheses in "products(sku"');
    expect(parseError(() => parseSelect('products!a!b(sku)')).details).toBe('unexpected embedding hint "!b"');
    expect(parseError(() => parseSelect('sku::')).details).toBe('unexpected "::" in "sku::"');
    expect(parseError(() => parseSelect('"sku"')).details).toBe('""sku"" is not a column name');
  });
});

describe('filters', () => {
  const rootFilters = (query: string) => parseQuery(new URLSearchParams(query)).scopes.get('')!.filters;

  it('parses operators with not. and keeps top-level values verbatim', () => {
    expect(rootFilters('sku=not.eq."quoted"&price=gte.10&name=like.K*')).toEqual([
      { kind: 'condition', field: field('sku'), negated: true, predicate: { operator: 'eq', quantifier: undefined, value: '"quoted"' } },
      { kind: 'condition', field: field('price'), negated: false, predicate: { operator: 'gte', quantifier: undefined, value: '10' } },
      { kind: 'condition', field: field('name'), negated: false, predicate: { operator: 'like', quantifier: undefined, value: 'K*' } },
    ]);
  });

  it('splits in.(…) on commas outside double quotes, with backslash escapes', () => {
    expect(rootFilters('sku=in.(a,"b,c","d\\"e",)')).toEqual([
      { kind: 'condition', field: field('sku'), negated: false, predicate: { operator: 'in', values: ['a', 'b,c', 'd"e', ''] } },
    ]);
    expect(rootFilters('sku=in.()')[0]).toMatchObject({ predicate: { operator: 'in', values: [] } });
  });

  it('accepts is.null/not_null/true/false/unknown only', () => {
    expect(rootFilters('a=is.NULL&b=not.is.true')).toEqual([
      { kind: 'condition', field: field('a'), negated: false, predicate: { operator: 'is', value: 'null' } },
      { kind: 'condition', field: field('b'), negated: true, predicate: { operator: 'is', value: 'true' } },
    ]);
    expect(parseError(() => rootFilters('a=is.maybe'))).toEqual({
      code: 'PGRST100',
      message: 'failed to parse filter (is.maybe)',
      details: '"is.maybe" of a is not [not.]operator.value with a known operator',
    });
  });

  it('parses quantifiers, full-text languages and the list spelling of ov', () => {
    expect(rootFilters('a=like(any).{x*,y*}&b=fts(english).cat&c=ov.(1,2)')).toEqual([
      { kind: 'condition', field: field('a'), negated: false, predicate: { operator: 'like', quantifier: 'any', value: '{x*,y*}' } },
      { kind: 'condition', field: field('b'), negated: false, predicate: { operator: 'fts', language: 'english', value: 'cat' } },
      { kind: 'condition', field: field('c'), negated: false, predicate: { operator: 'ov', quantifier: undefined, value: '{1,2}' } },
    ]);
    expect(parseError(() => rootFilters('a=in(any).(1)')).code).toBe('PGRST100');
    expect(parseError(() => rootFilters('a=neq(any).{1}')).code).toBe('PGRST100');
  });

  it('parses nested or/and trees, unquoting values inside them', () => {
    expect(rootFilters('or=(a.eq.1,not.and(b.gt.2,c.is.null),d.eq."x,y",e.in.(1,2))')).toEqual([
      {
        kind: 'logic',
        operator: 'or',
        negated: false,
        children: [
          { kind: 'condition', field: field('a'), negated: false, predicate: { operator: 'eq', quantifier: undefined, value: '1' } },
          {
            kind: 'logic',
            operator: 'and',
            negated: true,
            children: [
              { kind: 'condition', field: field('b'), negated: false, predicate: { operator: 'gt', quantifier: undefined, value: '2' } },
              { kind: 'condition', field: field('c'), negated: false, predicate: { operator: 'is', value: 'null' } },
            ],
          },
          { kind: 'condition', field: field('d'), negated: false, predicate: { operator: 'eq', quantifier: undefined, value: 'x,y' } },
          { kind: 'condition', field: field('e'), negated: false, predicate: { operator: 'in', values: ['1', '2'] } },
        ],
      },
    ]);
    expect(rootFilters('not.and=(a.eq.1,b.eq.2)')[0]).toMatchObject({ kind: 'logic', operator: 'and', negated: true });
    expect(parseError(() => rootFilters('or=(a.eq.1'))).toEqual({
      code: 'PGRST100',
      message: 'failed to parse logic tree ((a.eq.1)',
      details: 'or must be a parenthesised list',
    });
    expect(parseError(() => rootFilters('or=(a)')).details).toBe('"a" is not column.operator.value');
  });

  it('simplifies logic trees without changing their meaning', () => {
    const eq = (name: string, value: string, negated = false) => ({
      kind: 'condition',
      field: field(name),
      negated,
      predicate: { operator: 'eq', quantifier: undefined, value },
    });
    // One-element groups are their element, and two negations cancel.
    expect(rootFilters(`or=(${'not.and('.repeat(300)}a.eq.1${')'.repeat(300)})`)).toEqual([eq('a', '1')]);
    expect(rootFilters('and=(not.or(a.eq.1))')).toEqual([eq('a', '1', true)]);
    // A group inside a group of the same operator merges into it; other groups stay.
    expect(rootFilters('or=(a.eq.1,or(b.eq.2,and(c.eq.3,d.eq.4)),not.or(e.eq.5,f.eq.6))')).toEqual([
      {
        kind: 'logic',
        operator: 'or',
        negated: false,
        children: [
          eq('a', '1'),
          eq('b', '2'),
          { kind: 'logic', operator: 'and', negated: false, children: [eq('c', '3'), eq('d', '4')] },
          { kind: 'logic', operator: 'or', negated: true, children: [eq('e', '5'), eq('f', '6')] },
        ],
      },
    ]);
  });

  it('refuses nesting deeper than the limits with PGRST100', () => {
    let alternating = 'a.eq.1';
    for (let level = 0; level < 33; level++) alternating = `${level % 2 ? 'and' : 'or'}(b.eq.${level},${alternating})`;
    expect(parseError(() => rootFilters(`not.or=(${alternating})`)).details).toBe('not.or nests more than 32 and/or groups deep');
    expect(parseError(() => rootFilters(`or=(${'and('.repeat(1001)}a.eq.1${')'.repeat(1001)})`)).details).toBe(
      'or nests more than 1000 levels deep',
    );
    // Embeddings: 8 levels (issue 12), counted by embedding, not by parenthesis.
    const nested = (levels: number) => `${'a('.repeat(levels)}x.sum(),count()${')'.repeat(levels)}`;
    expect(() => parseSelect(nested(8))).not.toThrow();
    expect(parseError(() => parseSelect(nested(9)))).toEqual({
      code: 'PGRST100',
      message: `failed to parse select parameter (${nested(9)})`,
      details: 'embedded resources nest more than 8 levels deep, the most the local stack allows',
    });
    expect(parseError(() => parseSelect(`${'a('.repeat(1001)}*${')'.repeat(1001)}`)).details).toBe(
      'select nests more than 1000 levels deep',
    );
  });

  it('parses spread embeddings and aggregates', () => {
    expect(parseSelect('...things!inner(n:name),total:weight::int.sum()::text,count(),c:count(),count')).toEqual([
      { kind: 'embed', relation: 'things', alias: undefined, hint: undefined, inner: true, spread: true, select: [
        { kind: 'column', field: field('name'), alias: 'n', cast: undefined },
      ] },
      { kind: 'column', field: field('weight'), alias: 'total', cast: 'int', aggregate: { fn: 'sum', cast: 'text' } },
      { kind: 'column', field: field('*'), alias: undefined, cast: undefined, aggregate: { fn: 'count', cast: undefined } },
      { kind: 'column', field: field('*'), alias: 'c', cast: undefined, aggregate: { fn: 'count', cast: undefined } },
      { kind: 'column', field: field('count'), alias: undefined, cast: undefined },
    ]);
    expect(parseError(() => parseSelect('a:...things(*)')).details).toBe('a spread embedding takes no alias: "a:...things(*)"');
    expect(parseError(() => parseSelect('sum()')).details).toBe('sum() needs a column: column.sum()');
  });

  it('scopes filters, order and paging of embedded resources by path', () => {
    const parsed = parseQuery(
      new URLSearchParams('select=*,items(*)&items.sku=eq.x&items.order=sku.desc&items.limit=2&items.parts.offset=1&limit=5'),
    );
    expect([...parsed.scopes.keys()]).toEqual(['', 'items', 'items.parts']);
    expect(parsed.scopes.get('')).toEqual({ filters: [], order: [], limit: 5 });
    expect(parsed.scopes.get('items')).toEqual({
      filters: [{ kind: 'condition', field: field('sku'), negated: false, predicate: { operator: 'eq', quantifier: undefined, value: 'x' } }],
      order: [{ field: field('sku'), descending: true, nulls: undefined }],
      limit: 2,
    });
    expect(parsed.scopes.get('items.parts')).toEqual({ filters: [], order: [], offset: 1 });
  });

  it('keeps JSON path filters whole: the dot search stops at the first arrow', () => {
    expect(rootFilters('meta->>a.b=eq.1')).toEqual([
      {
        kind: 'condition',
        field: field('meta', [{ arrow: '->>', key: 'a.b' }]),
        negated: false,
        predicate: { operator: 'eq', quantifier: undefined, value: '1' },
      },
    ]);
  });
});

describe('order, paging, columns, Prefer', () => {
  it('parses directions and nulls placement', () => {
    expect(parseOrder('order_date.desc.nullslast,id,name.nullsfirst')).toEqual([
      { field: field('order_date'), descending: true, nulls: 'last' },
      { field: field('id'), descending: false, nulls: undefined },
      { field: field('name'), descending: false, nulls: 'first' },
    ]);
    expect(parseError(() => parseOrder('id.sideways')).details).toBe('"id.sideways" is not column[.asc|.desc][.nullsfirst|.nullslast]');
    expect(parseOrder('clients(name).desc')).toEqual([{ relation: 'clients', field: field('name'), descending: true, nulls: undefined }]);
  });

  it('needs non-negative integers for limit and offset', () => {
    expect(parseError(() => parseQuery(new URLSearchParams('limit=-1')))).toEqual({
      code: 'PGRST100',
      message: 'failed to parse limit parameter (-1)',
      details: 'limit must be a non-negative integer',
    });
    expect(parseError(() => parseQuery(new URLSearchParams('offset=1.5'))).code).toBe('PGRST100');
  });

  it('unquotes columns= and on_conflict= lists', () => {
    const parsed = parseQuery(new URLSearchParams('columns="title","body"&on_conflict=id,user_id'));
    expect([parsed.columns, parsed.onConflict]).toEqual([
      ['title', 'body'],
      ['id', 'user_id'],
    ]);
  });

  it('splits comma-joined Prefer values', () => {
    const zones = new Set(['Asia/Kolkata']);
    expect(parsePreferences('count=exact, return=representation,missing=default,count=planned', zones)).toEqual({
      count: 'exact',
      return: 'representation',
      missing: 'default',
      invalid: [],
    });
    expect(parsePreferences('handling=strict, max-affected=5, timezone=Asia/Kolkata, tx=rollback', zones)).toMatchObject({
      handling: 'strict',
      maxAffected: 5,
      timezone: 'Asia/Kolkata',
      tx: 'rollback',
      invalid: [],
    });
    // Unknown preferences, values and time zones are listed, as PostgREST lists them under handling=strict.
    expect(parsePreferences('foo, count=all, timezone=Mars/Olympus', zones)).toMatchObject({
      count: undefined,
      timezone: undefined,
      invalid: ['foo', 'count=all', 'timezone=Mars/Olympus'],
    });
    expect(parsePreferences(undefined, zones)).toEqual({ invalid: [] });
  });

  it('tells filter values from function arguments as PostgREST does', () => {
    expect(['eq.1', 'not.in.(1)', 'fts(english).cat', 'like(any).{a}'].map(isFilterValue)).toEqual([true, true, true, true]);
    expect(['2026-01-01', 'abc', 'equals.x', '{1,2}'].map(isFilterValue)).toEqual([false, false, false, false]);
  });
});
