import type { IsolationArea } from './support';

/** Customers and receivables (issue 46): customers, their payments and what each payment pays. */
const area: IsolationArea = {
  tables: {
    customers: {
      key: (owner) => ['id', owner.customerId],
      row: (owner, user_id) => ({ id: owner.customerId, user_id, name: 'Pwned', state_code: '27', credit_days: 365 }),
      edit: { credit_days: 365 },
    },
    customer_payments: {
      key: (owner) => ['id', owner.customerPaymentId],
      row: (owner, user_id) => ({
        id: owner.customerPaymentId,
        user_id,
        customer_id: owner.customerId,
        amount: 999,
        paid_on: '2026-01-01',
        mode: 'cash',
      }),
      edit: { amount: 999 },
    },
    customer_payment_allocations: {
      key: (owner) => ['id', owner.allocationId],
      row: (owner, user_id) => ({
        id: owner.allocationId,
        user_id,
        payment_id: owner.customerPaymentId,
        sales_order_id: owner.directOrderId,
        amount: 999,
      }),
      edit: { amount: 999 },
    },
  },
  attempts: 9,
  async attack({ first, second, db, as }, attempts) {
    await attempts.read(
      'customer_payments with their customer and allocations',
      () => db.from('customer_payments').select('*, customers(*), customer_payment_allocations(*)'),
      'own',
    );
    await attempts.read('customer_dues', () => db.rpc('customer_dues'), 'own');
    await attempts.call(
      'update_customer',
      as('update_customer', { customer_id: first.customerId, name: 'Pwned', state_code: '27' }),
      'Customer not found.',
    );
    await attempts.call(
      'archive_customer',
      as('archive_customer', { customer_id: first.customerId }),
      'Customer not found.',
    );
    await attempts.call(
      'customer_statement',
      as('customer_statement', { customer_id: first.customerId, date_from: '2000-01-01', date_to: '2100-01-01' }),
      'Customer not found.',
    );
    await attempts.call(
      "record_payment from the first user's customer",
      as('record_payment', {
        customer_id: first.customerId,
        amount: 1,
        paid_on: '2026-01-01',
        mode: 'cash',
        allocations: [{ order_id: first.directOrderId, amount: 1 }],
      }),
      'Customer not found.',
    );
    await attempts.call(
      "record_payment of an own customer against the first user's order",
      as('record_payment', {
        customer_id: second.customerId,
        amount: 1,
        paid_on: '2026-01-01',
        mode: 'cash',
        allocations: [{ order_id: first.directOrderId, amount: 1 }],
      }),
      'Invoice or order not found.',
    );
    await attempts.call(
      "log_sale for the first user's customer",
      as('log_sale', { product_id: second.productId, quantity: 1, platform: 'Other', customer_id: first.customerId }),
      'Customer not found.',
    );
    // An object of statuses by order id: the first user's order must not be in it.
    await attempts.read(
      "order_payment_statuses of the first user's direct order",
      () => db.rpc('order_payment_statuses', { order_ids: [first.directOrderId] }),
      'none',
    );
  },
};

export default area;
