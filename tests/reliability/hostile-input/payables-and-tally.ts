import { expect } from 'vitest';
import { MB, numberCases, rpcCase, type Case } from './support';

/** Today in India, as the operations read "today". */
const indiaToday = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** Payables and the Tally export (issue 46). */
export default function cases(): Case[] {
  const today = indiaToday();
  const payment = { supplier_id: crypto.randomUUID(), amount: 100, paid_on: today, mode: 'UPI' };
  return [
    ...numberCases('record_supplier_payment', 'amount', 'Amount', payment, { minimum: '0.01', whole: false }),
    rpcCase(
      'record_supplier_payment',
      'amount 0.001',
      { ...payment, amount: 0.001 },
      400,
      'Amount must be at least 0.01.',
    ),
    rpcCase(
      'record_supplier_payment',
      'amount 10.005',
      { ...payment, amount: 10.005 },
      400,
      'Amount can have at most 2 decimal places.',
    ),
    rpcCase('record_supplier_payment', 'an unknown supplier', payment, 400, 'Supplier not found.'),
    rpcCase(
      'record_supplier_payment',
      'mode SQL text',
      { ...payment, mode: "UPI'; delete from public.supplier_payments; --" },
      400,
      'Mode must be Cash, Bank transfer, UPI or Cheque.',
    ),
    rpcCase(
      'record_supplier_payment',
      'mode 1 MB',
      { ...payment, mode: MB },
      400,
      'Mode must be Cash, Bank transfer, UPI or Cheque.',
    ),
    rpcCase(
      'record_supplier_payment',
      'reference 1 MB',
      { ...payment, reference: MB },
      400,
      'Reference must be at most 100 characters.',
    ),
    rpcCase(
      'record_supplier_payment',
      'paid_on impossible',
      { ...payment, paid_on: '2026-13-45' },
      400,
      /date\/time field value out of range|invalid input syntax for type date/,
    ),
    rpcCase(
      'record_supplier_payment',
      'paid_on in 2999',
      { ...payment, paid_on: '2999-01-01' },
      400,
      'Payment date must be between 2000-01-01 and today.',
    ),
    rpcCase('record_supplier_payment', 'paid_on null', { ...payment, paid_on: null }, 400, 'Payment date is required.'),
    rpcCase(
      'record_supplier_payment',
      'supplier_id not a uuid',
      { ...payment, supplier_id: "1' or '1'='1" },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase(
      'record_supplier_payment',
      'a user_id argument',
      { ...payment, user_id: crypto.randomUUID() },
      404,
      /record_supplier_payment/,
    ),
    rpcCase(
      'tally_export',
      'from_date a word',
      { from_date: 'abc', to_date: today },
      400,
      /invalid input syntax for type date/,
    ),
    rpcCase(
      'tally_export',
      'to_date before from_date',
      { from_date: today, to_date: '2020-01-01' },
      400,
      'To date must be on or after the from date.',
    ),
    rpcCase(
      'tally_export',
      'to_date in 2999',
      { from_date: today, to_date: '2999-12-31' },
      400,
      'To date cannot be after today.',
    ),
    rpcCase(
      'tally_export',
      'from_date in 1900',
      { from_date: '1900-01-01', to_date: today },
      400,
      'From date must be on or after 2000-01-01.',
    ),
    rpcCase(
      'tally_export',
      'twenty years',
      { from_date: '2006-01-01', to_date: today },
      400,
      'Export at most a year at a time.',
    ),
    rpcCase('tally_export', 'from_date null', { from_date: null, to_date: today }, 400, 'From date is required.'),
    rpcCase(
      'tally_export',
      'include_exported a word',
      { from_date: today, to_date: today, include_exported: 'maybe' },
      400,
      /invalid input syntax for type boolean/,
    ),
    {
      name: 'tally_export: today, the file of its vouchers',
      route: '/rest/v1/rpc/tally_export',
      method: 'POST',
      body: { from_date: today, to_date: today },
      accepted: async (answer) => {
        expect(answer).toMatch(/^<ENVELOPE><HEADER><TALLYREQUEST>Import Data<\/TALLYREQUEST><\/HEADER>/);
      },
    },
  ];
}
