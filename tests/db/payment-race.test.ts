// Payments of one invoice racing each other (issue 46): record_payment locks the invoices and
// orders it pays before reading what they still owe, so payments of one invoice at once take turns
// and each sees those before it: together they never allocate more than is due, and the ones that
// would are refused with what is left, writing nothing.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(12);
});
afterAll(async () => {
  await pool.end();
});

/** A boutique invoiced Rs 11,800.00 (10 dresses at Rs 1,180, 18% GST included); its ids. */
async function invoicedBoutique(user: string) {
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await runAs<T>(pool, user, sql, params))[0]!;
  await one("select from public.set_business_profile('Asha Textiles', 'Pune', '27AAPFU0939F1ZV', '27', 'AT')");
  const customer = await one<{ id: string }>(
    "select id from public.create_customer('Meera Boutique', state_code => '27')",
  );
  const dress = await one<{ id: string }>(
    "select id from public.create_product('DRESS-1', 'Silk dress', null, 1180, 20)",
  );
  await one("select from public.set_item_tax($1, hsn_code => '6204', gst_rate => 18)", [dress.id]);
  const sale = await one<{ id: string }>("select id from public.log_sale($1, 10, 'Other', customer_id => $2)", [
    dress.id,
    customer.id,
  ]);
  const invoice = await one<{ invoice: { invoice_id: string; invoice_number: string; total: number } }>(
    'select public.create_invoice(array[$1::uuid], customer_id => $2) as invoice',
    [sale.id, customer.id],
  );
  const { invoice_id: invoiceId, invoice_number: invoiceNumber, total } = invoice.invoice;
  return { customerId: customer.id, invoiceId, invoiceNumber, total };
}

const pay = (user: string, customerId: string, invoiceId: string, amount: number) =>
  runAs(pool, user, "select public.record_payment($1, $2, rules.india_day(now()), 'upi', null, $3)", [
    customerId,
    amount,
    JSON.stringify([{ invoice_id: invoiceId, amount }]),
  ]);

describe('record_payment under concurrency', () => {
  it('lets two payments of Rs 6,000 race for an invoice of Rs 11,800: one lands, the other is refused', async () => {
    const user = await createUser(pool);
    const { customerId, invoiceId, invoiceNumber, total } = await invoicedBoutique(user);
    expect(total).toBe(11800);

    const outcomes = await settle([pay(user, customerId, invoiceId, 6000), pay(user, customerId, invoiceId, 6000)]);

    expect(outcomes.succeeded).toHaveLength(1);
    expect(countMessages(outcomes.failed)).toEqual({
      [`Only Rs 5800.00 is due on invoice ${invoiceNumber}: Rs 6000.00 is more than that.`]: 1,
    });
    const { rows } = await pool.query<{ payments: string; allocated: string }>(
      `select (select count(*) from public.customer_payments where user_id = $1) as payments,
              (select sum(amount) from public.customer_payment_allocations where invoice_id = $2) as allocated`,
      [user, invoiceId],
    );
    expect(rows).toEqual([{ payments: '1', allocated: '6000.00' }]);
  });

  it('lets 10 payments of Rs 1,500 race: 7 land (Rs 10,500), 3 are refused, never above Rs 11,800', async () => {
    const user = await createUser(pool);
    const { customerId, invoiceId, invoiceNumber } = await invoicedBoutique(user);

    const outcomes = await settle(Array.from({ length: 10 }, () => pay(user, customerId, invoiceId, 1500)));

    expect(outcomes.succeeded).toHaveLength(7);
    expect(countMessages(outcomes.failed)).toEqual({
      [`Only Rs 1300.00 is due on invoice ${invoiceNumber}: Rs 1500.00 is more than that.`]: 3,
    });
    const { rows } = await pool.query<{ allocated: string }>(
      'select sum(amount) as allocated from public.customer_payment_allocations where invoice_id = $1',
      [invoiceId],
    );
    expect(rows).toEqual([{ allocated: '10500.00' }]);
  });
});
