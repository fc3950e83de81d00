import { describe, expect, it } from 'vitest';
import { createFilterQuota, filtersOf, userOf } from './filter-quota';

describe('filtersOf', () => {
  it('counts distinct parsed filters by schema and table, leaving out bindings without one and filters that do not parse', () => {
    const filters = filtersOf([
      { event: 'INSERT', schema: 'public', table: 'notes', filter: 'id=eq.1' },
      { event: 'UPDATE', schema: 'public', table: 'notes', filter: 'id=eq.1' },
      { event: '*', schema: 'public', table: 'other', filter: 'id=eq.1' },
      { event: '*', schema: 'public', table: 'notes' },
      { event: '*', schema: 'public', table: 'notes', filter: '' },
      { event: '*', schema: 'public', table: 'notes', filter: 'id=nope.1' },
      { event: '*', schema: 'public', table: 'notes', filter: 'title=like.S*' },
    ]);
    // Every operator counts, found by lookup or tested.
    expect(filters.size).toBe(3);
  });
});

describe('userOf', () => {
  it("is the token's sub, or its role for a token without one", () => {
    expect(userOf({ role: 'authenticated', claims: { role: 'authenticated', sub: 'u1' } })).toBe('sub:u1');
    expect(userOf({ role: 'anon', claims: { role: 'anon' } })).toBe('role:anon');
  });
});

describe('createFilterQuota', () => {
  const set = (...filters: string[]) => new Set(filters);

  it('refuses a claim that would take a user past the bound with new filters, counting nothing for it', () => {
    const quota = createFilterQuota(3);
    const first = quota.claim('u', set('a', 'b'))!;
    expect(quota.claim('u', set('c', 'd'))).toBeNull();
    expect(quota.held('u')).toBe(2);
    // Filters already held, and none at all, are always taken.
    expect(quota.claim('u', set('a', 'b'))).not.toBeNull();
    expect(quota.claim('u', set())).not.toBeNull();
    expect(quota.claim('other', set('c', 'd', 'e'))).not.toBeNull();
    expect(quota.claim('u', set('c'))).not.toBeNull();
    expect(quota.held('u')).toBe(3);
    first.release();
    first.release();
    // 'a' and 'b' are still held by the second claim.
    expect(quota.held('u')).toBe(3);
  });

  it('does not count twice the filters of a claim being replaced', () => {
    const quota = createFilterQuota(3);
    const old = quota.claim('u', set('a', 'b', 'c'))!;
    expect(quota.claim('u', set('d'))).toBeNull();
    const replacement = quota.claim('u', set('a', 'd'), old)!;
    expect(replacement).not.toBeNull();
    old.release();
    expect(quota.held('u')).toBe(2);
    replacement.release();
    expect(quota.held('u')).toBe(0);
  });
});
