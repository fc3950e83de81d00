import { MB, numberCases, rpcCase, SQL_TEXTS, type Case } from './support';

/** Customers and receivables (issue 46): create_customer, record_payment and the reads. */
export default function cases(): Case[] {
  const customer = { name: 'Hostile Boutique', state_code: '27' };
  const payment = {
    customer_id: crypto.randomUUID(),
    amount: 100,
    paid_on: '2026-01-05',
    mode: 'upi',
    allocations: [{ invoice_id: crypto.randomUUID(), amount: 100 }],
  };
  return [
    rpcCase(
      'create_customer',
      'name 1 MB',
      { ...customer, name: MB },
      400,
      'Customer name must be at most 200 characters.',
    ),
    rpcCase('create_customer', 'name blank', { ...customer, name: '   ' }, 400, 'Customer name is required.'),
    rpcCase('create_customer', 'GSTIN 1 MB', { ...customer, gstin: MB }, 400, /^GSTIN x+ is not valid\.$/),
    rpcCase(
      'create_customer',
      'GSTIN SQL text',
      { ...customer, gstin: SQL_TEXTS[0] },
      400,
      `GSTIN ${SQL_TEXTS[0]} is not valid.`,
    ),
    rpcCase(
      'create_customer',
      'state SQL text',
      { ...customer, state_code: SQL_TEXTS[1] },
      400,
      `Unknown state ${SQL_TEXTS[1]}.`,
    ),
    rpcCase('create_customer', 'state missing', { name: 'Hostile Boutique' }, 400, 'State is required.'),
    rpcCase(
      'create_customer',
      'billing address 1 MB',
      { ...customer, billing_address: MB },
      400,
      'Billing address must be at most 500 characters.',
    ),
    rpcCase(
      'create_customer',
      'phone letters',
      { ...customer, phone: 'call me' },
      400,
      'Phone can have only digits, spaces, hyphens and a leading +.',
    ),
    rpcCase(
      'create_customer',
      'email without @',
      { ...customer, email: 'meera.example.com' },
      400,
      'Email must look like name@example.com.',
    ),
    rpcCase(
      'create_customer',
      'credit days -1',
      { ...customer, credit_days: -1 },
      400,
      'Credit days must be at least 0.',
    ),
    rpcCase(
      'create_customer',
      'credit days 2.5',
      { ...customer, credit_days: 2.5 },
      400,
      /invalid input syntax for type integer/,
    ),
    rpcCase(
      'create_customer',
      'a user_id argument',
      { ...customer, user_id: crypto.randomUUID() },
      404,
      /create_customer/,
    ),
    ...numberCases('record_payment', 'amount', 'Amount', payment, { minimum: '0.01', whole: false }),
    rpcCase(
      'record_payment',
      'amount with a third decimal',
      { ...payment, amount: 100.001 },
      400,
      'Amount can have at most 2 decimal places.',
    ),
    rpcCase(
      'record_payment',
      'reference 1 MB',
      { ...payment, reference: MB },
      400,
      'Reference must be at most 100 characters.',
    ),
    rpcCase('record_payment', "another user's customer", payment, 400, 'Customer not found.'),
    rpcCase(
      'record_payment',
      'paid on an impossible day',
      { ...payment, paid_on: '2026-13-45' },
      400,
      /date\/time field value out of range|invalid input syntax for type date/,
    ),
    rpcCase(
      'record_payment',
      'allocations a string',
      { ...payment, allocations: 'not json' },
      400,
      'Choose at least one invoice or order this payment pays.',
    ),
    rpcCase(
      'record_payment',
      'allocations 101 parts',
      {
        ...payment,
        allocations: Array.from({ length: 101 }, () => ({
          invoice_id: crypto.randomUUID(),
          amount: 1,
        })),
      },
      400,
      'A payment can pay at most 100 invoices and orders.',
    ),
    rpcCase(
      'record_payment',
      'allocation amount "NaN"',
      { ...payment, allocations: [{ invoice_id: crypto.randomUUID(), amount: 'NaN' }] },
      400,
      'Allocated amount must be a number.',
    ),
    rpcCase(
      'record_payment',
      'allocation naming both',
      { ...payment, allocations: [{ invoice_id: crypto.randomUUID(), order_id: crypto.randomUUID(), amount: 100 }] },
      400,
      'Each allocation names one invoice_id or one order_id.',
    ),
    rpcCase(
      'record_payment',
      'mode SQL text',
      { ...payment, mode: SQL_TEXTS[0] },
      400,
      'Mode must be Cash, Bank transfer, UPI or Cheque.',
    ),
    rpcCase(
      'record_payment',
      'customer id SQL text',
      { ...payment, customer_id: SQL_TEXTS[0] },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase(
      'customer_statement',
      "another user's customer",
      { customer_id: crypto.randomUUID(), date_from: '2026-01-01', date_to: '2026-12-31' },
      400,
      'Customer not found.',
    ),
  ];
}
