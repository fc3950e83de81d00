/**
 * What every file of hostile-input cases shares: the fixture each case may refer to, the shape of
 * a case, and the inputs tried against every number. Each other file here holds one area's cases,
 * as a default export `(fixture) => Case[]`; hostile-input.test.ts runs every file's, so a new
 * feature adds its cases in a file of its own beside these.
 */
import type { TestStack } from '../../contract/harness';
import type { User } from '../support';

export const MB = 'x'.repeat(1024 * 1024);
export const HINDI = 'हथकरघा सूती कुर्ता';
export const SQL_TEXTS = [
  "Robert'); drop table public.products; --",
  "' or 1=1 --",
  '"; select pg_sleep(10); --',
  '$$; delete from public.sales_orders; $$',
  '\\x00\\\\ %_ * ( ) , . : ; [ ]',
];
export const PLATFORM_MESSAGE = 'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.';

export interface Fixture {
  user: User;
  materialId: string;
  productId: string;
  productName: string;
  /** A product counted in metres, with 10 m in stock and no BOM (issue 45). */
  metresProductId: string;
  saleId: string;
  completedRunId: string;
  /** An order of 2 with one damaged unit back, and that unit's claim. */
  partlyReturnedId: string;
  claimId: string;
  /** The main godown (every stock so far is there) and a second own place (issue 45). */
  mainLocationId: string;
  shopLocationId: string;
  /** A job worker (a supplier) and an order sent to it: 1 of the cotton, 1 kurta to come back. */
  jobWorkerLocationId: string;
  jobWorkOrderId: string;
}

export interface Case {
  name: string;
  /** Route below the stack URL and the request; an RPC's args are JSON.stringified unless `raw`. */
  route: string;
  method?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** The refusal: exact status (or any 4xx where PostgREST leaves it open) and message (string: exact; RegExp: pattern). */
  status?: number | '4xx';
  message?: string | RegExp;
  /** PostgREST's or Postgres' error code, where the message alone would not pin the refusal down. */
  code?: string;
  /** Accepted instead: checks the answer and what it wrote. */
  accepted?: (answer: unknown, stack: TestStack, fixture: Fixture) => Promise<void>;
}

export const rpcCase = (fn: string, name: string, body: unknown, status: number, message: string | RegExp): Case => ({
  name: `${fn}: ${name}`,
  route: `/rest/v1/rpc/${fn}`,
  method: 'POST',
  body,
  status,
  message,
});

/** The numbers and look-alikes every numeric argument is tried with, and the message each must get. */
export function numberCases(
  fn: string,
  argument: string,
  label: string,
  base: Record<string, unknown>,
  /** nullable: a null falls back to the default (coalesce), so it is not an error. */
  rules: { minimum: string; whole: boolean; nullable?: boolean },
): Case[] {
  const below = `${label} must be at least ${rules.minimum}.`;
  const cases: [string, unknown, number, string | RegExp][] = [
    ['zero', 0, 400, Number(rules.minimum) > 0 ? below : ''],
    ['negative', -1, 400, below],
    ['very negative', -1e300, 400, below],
    ['1e20', 1e20, 400, `${label} must be at most 1000000000.`],
    ['1e300', 1e300, 400, `${label} must be at most 1000000000.`],
    ['"NaN"', 'NaN', 400, `${label} must be a number.`],
    ['"Infinity"', 'Infinity', 400, `${label} must be a number.`],
    ['"-Infinity"', '-Infinity', 400, `${label} must be a number.`],
    ['a word', 'abc', 400, /invalid input syntax for type numeric/],
    ['true', true, 400, /invalid input syntax for type numeric/],
    ['an object', { n: 1 }, 400, /invalid input syntax for type numeric/],
    ['an array', [1], 400, /invalid input syntax for type numeric/],
    ['null', null, 400, rules.nullable ? '' : `${label} is required.`],
  ];
  if (rules.whole) cases.push(['fractional', 1.5, 400, `${label} must be a whole number.`]);
  else cases.push(['below the minimum by a fraction', Number(rules.minimum) - 0.001, 400, below]);
  return cases
    .filter(([, , , message]) => message !== '')
    .map(([name, value, status, message]) =>
      rpcCase(fn, `${argument} ${name}`, { ...base, [argument]: value }, status, message),
    );
}

export const PERIOD_MESSAGE = 'Period must be one of: this_month, last_30_days, this_financial_year, all_time.';
/** Platform fees as set_platform_fees takes them, to change one argument of. */
export const fees = { platform: 'Amazon', commission_percent: 5, fee_per_order: 0, shipping_per_order: 0 };

/** The inputs most cases start from, then change one argument of. */
export function caseBuilders(f: Fixture) {
  return {
    product: (extra: Record<string, unknown>) => ({
      sku: `H-${Math.random().toString(36).slice(2, 10)}`,
      product_name: 'Hostile',
      selling_price: 10,
      ...extra,
    }),
    material: (extra: Record<string, unknown>) => ({ material_name: 'Hostile material', ...extra }),
    sale: { product_id: f.productId, quantity: 1, platform: 'Amazon' },
    run: { product_id: f.productId, quantity_to_produce: 1 },
  };
}
