/**
 * The distinct postgres_changes filters a user holds across all their sockets and channels, bounded
 * so that one user cannot make every change cost more: each distinct filter is at most one test or
 * one lookup per change (delivery.ts), and a filter is held once however many channels repeat it.
 *
 * Supabase Realtime has no such bound (its frame size and channel limits bound a join's filters);
 * the refusal carries the code Realtime gives postgres_changes bindings it will not serve
 * (RealtimeDisabledForConfiguration, `@postgres_subscribe_error_code` in supabase/realtime
 * lib/realtime_web/channels/realtime_channel.ex), as TOO_MANY_POSTGRES_CHANGES does.
 */
import type { RequestIdentity } from '../db/database';
import { FilterError, parseFilter } from './filters';
import type { Binding } from './subscriptions';

/** The app holds five (one per live table, however many tabs); tests hold up to 601. */
export const MAX_FILTERS_PER_USER = 1000;
export const TOO_MANY_FILTERS = `RealtimeDisabledForConfiguration: Too many distinct postgres_changes filters (at most ${MAX_FILTERS_PER_USER} per user)`;

/** The user a channel's filters count against: the token's `sub`, or its role for tokens without one (the anon key). */
export function userOf(identity: RequestIdentity): string {
  const sub = identity.claims.sub;
  return typeof sub === 'string' ? `sub:${sub}` : `role:${identity.role}`;
}

/**
 * The distinct filters among a join's bindings: schema, table and the parsed conditions. Bindings
 * without a filter cost no filter work and are not counted; nor are filters that do not parse
 * (their join gets no subscription).
 */
export function filtersOf(bindings: Binding[]): Set<string> {
  const filters = new Set<string>();
  for (const binding of bindings) {
    if (typeof binding.filter !== 'string' || binding.filter.trim() === '') continue;
    try {
      filters.add(JSON.stringify([binding.schema, binding.table || '*', parseFilter(binding.filter)]));
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
    }
  }
  return filters;
}

/** One channel's share of its user's filters. */
export interface FilterClaim {
  readonly user: string;
  readonly filters: ReadonlySet<string>;
  /** Gives the filters back (idempotent). */
  release(): void;
}

export interface FilterQuota {
  /**
   * Counts `filters` against the user, or returns null (counting nothing) when the user would then
   * hold more than the bound with filters new to them. `replacing` is the claim of a channel the
   * new one replaces (a topic joined again): its filters are not counted twice.
   */
  claim(user: string, filters: ReadonlySet<string>, replacing?: FilterClaim | null): FilterClaim | null;
  /** The distinct filters the user holds. */
  held(user: string): number;
}

export function createFilterQuota(maxFiltersPerUser = MAX_FILTERS_PER_USER): FilterQuota {
  /** Per user: each filter and how many claims hold it. */
  const users = new Map<string, Map<string, number>>();
  return {
    claim(user, filters, replacing) {
      const held = users.get(user) ?? new Map<string, number>();
      let added = 0;
      for (const filter of filters) if (!held.has(filter)) added++;
      let freed = 0;
      if (replacing && replacing.user === user) {
        for (const filter of replacing.filters) if (held.get(filter) === 1 && !filters.has(filter)) freed++;
      }
      if (added > 0 && held.size - freed + added > maxFiltersPerUser) return null;
      for (const filter of filters) held.set(filter, (held.get(filter) ?? 0) + 1);
      if (held.size > 0) users.set(user, held);
      let released = false;
      return {
        user,
        filters,
        release() {
          if (released) return;
          released = true;
          for (const filter of filters) {
            const count = held.get(filter)! - 1;
            if (count > 0) held.set(filter, count);
            else held.delete(filter);
          }
          if (held.size === 0 && users.get(user) === held) users.delete(user);
        },
      };
    },
    held(user) {
      return users.get(user)?.size ?? 0;
    },
  };
}
