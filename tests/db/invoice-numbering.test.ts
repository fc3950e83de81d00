// Invoice numbers under concurrency (issue 31, Rule 46: one series per financial year, consecutive,
// no gaps, no duplicates): twenty create_invoice calls at once, each on its own connection, get
// n..n+19 exactly; the same for credit notes; a refused call in the middle of a burst (an order
// already invoiced) takes no number. Two invoices racing for one order: one wins, the other is
// refused, and the series has no hole where the loser would have been.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(24);
});
afterAll(async () => {
  await pool.end();
});

/** A user with a business profile and `count` website orders of a 5% product; returns the order ids. */
async function shopWithOrders(count: number) {
  const user = await createUser(pool);
  await runAs(pool, user, "select public.set_business_profile('Asha Textiles', 'Pune', '27AAPFU0939F1ZV', '27', 'AT')");
  const [product] = await runAs<{ id: string }>(
    pool,
    user,
    "select id from public.create_product('KUR-1', 'Kurta', null, 1050, $1)",
    [count],
  );
  await runAs(pool, user, "select public.set_item_tax($1, hsn_code => '6211', gst_rate => 5)", [product!.id]);
  const orders: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [order] = await runAs<{ id: string }>(pool, user, "select id from public.log_sale($1, 1, 'Brand Website')", [
      product!.id,
    ]);
    orders.push(order!.id);
  }
  return { user, orders };
}

function serial(invoiceNumber: string) {
  return Number(invoiceNumber.split('/').at(-1));
}

describe('invoice numbering under concurrency', () => {
  it('gives 20 concurrent create_invoice calls the numbers 1..20, without gaps or duplicates', async () => {
    const { user, orders } = await shopWithOrders(20);
    const outcomes = await settle(
      orders.map((order) =>
        runAs<{ answer: { invoice_number: string } }>(
          pool,
          user,
          "select public.create_invoice(array[$1]::uuid[], 'Walk-in', null, '27') as answer",
          [order],
        ),
      ),
    );
    expect(outcomes.failed).toEqual([]);
    const numbers = outcomes.succeeded.map((rows) => rows[0]!.answer.invoice_number);
    expect(new Set(numbers.map((n) => n.replace(/\/\d+$/, ''))).size).toBe(1);
    expect(numbers.map(serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const { rows } = await pool.query<{ invoices: string; lines: string }>(
      `select (select count(*) from public.invoices where user_id = $1) as invoices,
              (select count(*) from public.invoice_lines where user_id = $1) as lines`,
      [user],
    );
    expect(rows[0]).toEqual({ invoices: '20', lines: '20' });
  });

  it('takes no number for a refused call: two invoices racing for one order leave no hole', async () => {
    const { user, orders } = await shopWithOrders(12);
    // Orders 0..9 once each, and order 0 a second time: exactly one of its two calls is refused.
    const calls = [...orders.slice(0, 10), orders[0]!].map((order) =>
      runAs<{ answer: { invoice_number: string } }>(
        pool,
        user,
        "select public.create_invoice(array[$1]::uuid[], 'Walk-in', null, '29') as answer",
        [order],
      ),
    );
    const outcomes = await settle(calls);
    expect(outcomes.failed).toHaveLength(1);
    expect(outcomes.failed[0]!.message).toMatch(/^The order of Kurta is already on invoice AT\/\d\d-\d\d\/\d+\.$/);
    const serials = outcomes.succeeded.map((rows) => serial(rows[0]!.answer.invoice_number)).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // The next invoice continues the series at 11.
    const [next] = await runAs<{ answer: { invoice_number: string } }>(
      pool,
      user,
      "select public.create_invoice(array[$1]::uuid[], 'Walk-in', null, '27') as answer",
      [orders[10]],
    );
    expect(serial(next!.answer.invoice_number)).toBe(11);
  });

  it('gives 20 concurrent credit notes on one invoice the numbers 1..20 and never credits more than invoiced', async () => {
    const { user, orders } = await shopWithOrders(1);
    // One order of 1 unit at Rs 1,050: 20 price corrections of Rs 50 credit Rs 1,000, all within it.
    const [invoice] = await runAs<{ answer: { invoice_id: string } }>(
      pool,
      user,
      "select public.create_invoice(array[$1]::uuid[], 'Walk-in', null, '27') as answer",
      [orders[0]],
    );
    const invoiceId = invoice!.answer.invoice_id;
    const { rows: lines } = await pool.query<{ id: string }>('select id from public.invoice_lines where invoice_id = $1', [
      invoiceId,
    ]);
    const credit = (amount: number) =>
      runAs<{ answer: { note_number: string } }>(
        pool,
        user,
        'select public.create_credit_note($1, $2::jsonb) as answer',
        [invoiceId, JSON.stringify([{ invoice_line_id: lines[0]!.id, amount }])],
      );
    const outcomes = await settle(Array.from({ length: 20 }, () => credit(50)));
    expect(outcomes.failed).toEqual([]);
    const serials = outcomes.succeeded.map((rows) => serial(rows[0]!.answer.note_number)).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Rs 50 is left: three more racing for Rs 40 each, only one fits.
    const last = await settle([credit(40), credit(40), credit(40)]);
    expect(last.succeeded).toHaveLength(1);
    expect(countMessages(last.failed)).toEqual({ 'At most 10.00 of Kurta can still be credited.': 2 });
    const { rows } = await pool.query<{ credited: string }>(
      'select sum(total) as credited from public.credit_notes where invoice_id = $1',
      [invoiceId],
    );
    expect(rows[0]!.credited).toBe('1040.00');
  });
});
