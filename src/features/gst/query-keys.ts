import type { FeatureQueries } from '@/lib/query-keys';

export const gstKeys = {
  /** The business on its tax documents (issue 31). */
  businessProfile: ['business-profile'],
  /** Invoices, the orders that can be invoiced, and a month's GSTR-1 and input tax (issue 31). */
  gst: ['gst'],
} as const;

const keys = gstKeys;

// The business profile and invoices are not published: only the owner's own writes change them
// (invoices change their orders too).
export const gstQueries: FeatureQueries = {
  keys,
  reads: {
    // Setting a product's tax gives its untaxed sales their GST.
    products: [keys.gst],
    // A receipt's GST paid is the month's input tax.
    raw_materials: [keys.gst],
    // Sales are GSTR-1's B2C supplies and the orders to invoice.
    sales_orders: [keys.gst],
    // A marketplace's operator GSTIN is its sales' in GSTR-1 (b2cs type E, Table 14).
    platform_fees: [keys.gst],
    // The business's state decides each sale's place of supply in GSTR-1.
    business_profiles: [keys.businessProfile, keys.gst],
    invoices: [keys.gst],
    // A customer's details are on its invoices' form (issue 46).
    customers: [keys.gst],
  },
};
