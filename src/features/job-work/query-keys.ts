import type { FeatureQueries } from '@/lib/query-keys';

export const jobWorkKeys = {
  /** Job work orders, what each job worker holds and owes back (issue 45), and stock to send from. */
  jobWork: ['job-work'],
} as const;

const keys = jobWorkKeys;

export const jobWorkQueries: FeatureQueries = {
  keys,
  reads: {
    job_work_orders: [keys.jobWork],
    // A job worker is a location named after its supplier; what can be sent is the stock there.
    locations: [keys.jobWork],
    suppliers: [keys.jobWork],
    products: [keys.jobWork],
    raw_materials: [keys.jobWork],
  },
};
