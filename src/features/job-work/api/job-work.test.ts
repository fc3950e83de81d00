import { describe, expect, it } from 'vitest';
import {
  itc04Periods,
  receiveJobWorkSchema,
  sendJobWorkSchema,
  type ReceiveJobWorkForm,
  type SendJobWorkForm,
} from './job-work';

const dyeing = {
  due_quantity: 8,
  return_unit: 'metres',
  return_item: 'Dyed fabric',
  job_worker_name: 'Rang Dyers',
  return_in_pieces: false,
};

const receipt = (changes: Partial<ReceiveJobWorkForm>): ReceiveJobWorkForm => ({
  quantity_received: '',
  loss: '',
  location_id: '',
  gst_rate: '',
  supplier_invoice_number: '',
  supplier_invoice_date: '',
  ...changes,
});

const problems = (order: typeof dyeing, input: ReceiveJobWorkForm) =>
  receiveJobWorkSchema(order)
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the job work receipt form', () => {
  it('takes part of what is due, with loss, in metres to 3 decimals', () => {
    expect(receiveJobWorkSchema(dyeing).parse(receipt({ quantity_received: '5.125', loss: '0.5' }))).toMatchObject({
      quantity_received: 5.125,
      loss: 0.5,
    });
  });

  it('refuses more than is due, in receive_job_work’s words, and nothing at all', () => {
    expect(problems(dyeing, receipt({ quantity_received: '7', loss: '2' }))).toEqual([
      'quantity_received: Only 8 metres of Dyed fabric is still due back from Rang Dyers.',
    ]);
    expect(problems(dyeing, receipt({}))).toEqual(['quantity_received: Enter the quantity received or lost.']);
  });

  it('takes products back in whole pieces only', () => {
    const kurtas = { ...dyeing, return_unit: 'units', return_item: 'Kurta', return_in_pieces: true };
    expect(problems(kurtas, receipt({ quantity_received: '1.5' }))).toEqual([
      'quantity_received: Quantity received must be a whole number.',
    ]);
  });

  it('asks for the job worker’s invoice when the charge has GST', () => {
    expect(problems(dyeing, receipt({ quantity_received: '4', gst_rate: '5' }))).toEqual([
      "supplier_invoice_number: Enter the supplier's invoice number: the GST paid is claimed against it.",
      "supplier_invoice_date: Enter the supplier's invoice date: the GST paid is claimed against it.",
    ]);
  });
});

describe('the send for job work form', () => {
  const order = (changes: Partial<SendJobWorkForm>): SendJobWorkForm => ({
    job_worker_location_id: 'dyer',
    from_location_id: 'main',
    lines: [{ item: 'material:greige', quantity: '50' }],
    returns: 'material:dyed',
    returns_quantity: '50',
    charge_rate: '12',
    charge_unit: 'metre',
    expected_on: '',
    ...changes,
  });

  it('takes an order with what comes back and its charge', () => {
    expect(sendJobWorkSchema.parse(order({}))).toMatchObject({ returns_quantity: 50, charge_rate: 12 });
  });

  it('refuses an item listed twice and nothing to come back', () => {
    const issues = sendJobWorkSchema
      .safeParse(
        order({
          lines: [
            { item: 'material:greige', quantity: '10' },
            { item: 'material:greige', quantity: '5' },
          ],
          returns: '',
        }),
      )
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toEqual([
      'returns: Say what comes back: one product or one material, and its quantity.',
      'lines.1.item: Each item can be listed once per job work order.',
    ]);
  });
});

describe('itc04Periods', () => {
  it('offers, from October to March, both half-years and the year, then the last year', () => {
    expect(itc04Periods('2026-11-28').map((period) => `${period.from_date}/${period.to_date} ${period.label}`)).toEqual(
      [
        '2026-10-01/2027-03-31 October 2026 to March 2027',
        '2026-04-01/2026-09-30 April to September 2026',
        '2026-04-01/2027-03-31 Financial year 2026-27',
        '2025-10-01/2026-03-31 October 2025 to March 2026',
        '2025-04-01/2025-09-30 April to September 2025',
        '2025-04-01/2026-03-31 Financial year 2025-26',
      ],
    );
  });

  it('offers, from April to September, no half-year that has not begun; in March, the year that began last April', () => {
    expect(itc04Periods('2026-05-02').map((period) => period.from_date + '/' + period.to_date)).toEqual([
      '2026-04-01/2026-09-30',
      '2026-04-01/2027-03-31',
      '2025-10-01/2026-03-31',
      '2025-04-01/2025-09-30',
      '2025-04-01/2026-03-31',
    ]);
    expect(itc04Periods('2027-03-31')[0]).toEqual({
      from_date: '2026-10-01',
      to_date: '2027-03-31',
      label: 'October 2026 to March 2027',
    });
  });
});
