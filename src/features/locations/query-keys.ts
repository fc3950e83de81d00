import { locationsKey } from '@/lib/locations';
import type { FeatureQueries } from '@/lib/query-keys';

export const locationsKeys = {
  /** Locations, stock per location and delivery challans (issue 45); the picker's list too. */
  locations: locationsKey,
} as const;

const keys = locationsKeys;

export const locationsQueries: FeatureQueries = {
  keys,
  reads: {
    // Every change of an item's stock happens at a location.
    products: [keys.locations],
    raw_materials: [keys.locations],
    locations: [keys.locations],
  },
};
