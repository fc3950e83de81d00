import { catalogueQueries } from '@/features/catalogue/query-keys';
import { channelsQueries } from '@/features/channels/query-keys';
import { customersQueries } from '@/features/customers/query-keys';
import { dashboardQueries } from '@/features/dashboard/query-keys';
import { gstQueries } from '@/features/gst/query-keys';
import { inventoryQueries } from '@/features/inventory/query-keys';
import { jobWorkQueries } from '@/features/job-work/query-keys';
import { locationsQueries } from '@/features/locations/query-keys';
import { manufacturingQueries } from '@/features/manufacturing/query-keys';
import { planningQueries } from '@/features/planning/query-keys';
import { purchasingQueries } from '@/features/purchasing/query-keys';
import { returnsQueries } from '@/features/returns/query-keys';
import { salesOrdersQueries } from '@/features/sales-orders/query-keys';
import { settingsQueries } from '@/features/settings/query-keys';
import { settlementsQueries } from '@/features/settlements/query-keys';
import { shopifyQueries } from '@/features/shopify/query-keys';
import { websiteOrdersQueries } from '@/features/website-orders/query-keys';
import { workspaceQueries } from '@/features/workspace/query-keys';
import { buildRefreshMap, type FeatureQueries } from '@/lib/query-keys';

/** Every feature's query keys and the tables each reads. A feature with queries is one line here. */
export const featureQueries: readonly FeatureQueries[] = [
  catalogueQueries,
  channelsQueries,
  customersQueries,
  dashboardQueries,
  gstQueries,
  inventoryQueries,
  jobWorkQueries,
  locationsQueries,
  manufacturingQueries,
  planningQueries,
  purchasingQueries,
  returnsQueries,
  salesOrdersQueries,
  settingsQueries,
  settlementsQueries,
  shopifyQueries,
  websiteOrdersQueries,
  workspaceQueries,
];

/** Which cached queries read each table: what realtime changes and the owner's writes refresh. */
export const refreshMap = buildRefreshMap(featureQueries);
