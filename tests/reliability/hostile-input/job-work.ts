import { MB, rpcCase, SQL_TEXTS, type Case, type Fixture } from './support';

/** Job work (issue 45): sending to a job worker, receiving back and ITC-04. Each refused whole, writing nothing. */
export default function cases(f: Fixture): Case[] {
  const send = (extra: Record<string, unknown> = {}) => ({
    job_worker_location_id: f.jobWorkerLocationId,
    from_location_id: f.mainLocationId,
    lines: [{ material_id: f.materialId, quantity: 1 }],
    returns: { product_id: f.productId, quantity: 1 },
    charge_rate: 5,
    ...extra,
  });
  const receive = (extra: Record<string, unknown> = {}) => ({
    job_work_order_id: f.jobWorkOrderId,
    quantity_received: 1,
    ...extra,
  });
  const whatComesBack = 'Say what comes back: one product or one material, and its quantity.';
  const yesterday = new Date(Date.now() + 5.5 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
  return [
    rpcCase(
      'send_job_work',
      'to an own place',
      send({ job_worker_location_id: f.shopLocationId }),
      400,
      'Choose a job worker.',
    ),
    rpcCase(
      'send_job_work',
      'from a job worker',
      send({ from_location_id: f.jobWorkerLocationId }),
      400,
      'Choose one of your own locations.',
    ),
    rpcCase('send_job_work', 'what comes back as a string', send({ returns: 'kurta' }), 400, whatComesBack),
    rpcCase(
      'send_job_work',
      'what comes back naming both',
      send({
        returns: { product_id: f.productId, material_id: f.materialId, quantity: 1 },
      }),
      400,
      whatComesBack,
    ),
    ...SQL_TEXTS.map((text) =>
      rpcCase(
        'send_job_work',
        `what comes back as ${text}`,
        send({ returns: { product_id: text, quantity: 1 } }),
        400,
        whatComesBack,
      ),
    ),
    rpcCase(
      'send_job_work',
      'an unknown item to come back',
      send({
        returns: { material_id: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      }),
      400,
      'The item to come back was not found.',
    ),
    rpcCase(
      'send_job_work',
      'nothing to come back',
      send({ returns: { product_id: f.productId, quantity: 0 } }),
      400,
      `Quantity of ${f.productName} must be greater than 0.`,
    ),
    rpcCase(
      'send_job_work',
      'half a kurta to come back',
      send({
        returns: { product_id: f.productId, quantity: 0.5 },
      }),
      400,
      `Quantity of ${f.productName} must be a whole number.`,
    ),
    rpcCase(
      'send_job_work',
      'more to come back than what is sent makes',
      send({
        returns: { product_id: f.productId, quantity: 2 },
      }),
      400,
      new RegExp(`^2 ${f.productName} need [\\d.]+ \\S+ of Hostile cotton; 1 are sent\\.$`),
    ),
    rpcCase(
      'send_job_work',
      'a negative charge',
      send({ charge_rate: -1 }),
      400,
      'Charge per unit must be at least 0.',
    ),
    rpcCase(
      'send_job_work',
      'a charge in fractions of a paisa',
      send({ charge_rate: 1.234 }),
      400,
      'Charge per unit can have at most 2 decimal places.',
    ),
    rpcCase(
      'send_job_work',
      'a charge unit of 1 MB',
      send({ charge_unit: MB }),
      400,
      'Charge unit must be at most 32 characters.',
    ),
    rpcCase(
      'send_job_work',
      'expected back yesterday',
      send({ expected_on: yesterday }),
      400,
      'Expected back on must be today or later.',
    ),
    rpcCase('send_job_work', 'no lines', send({ lines: [] }), 400, 'Add at least one item to send.'),
    rpcCase(
      'send_job_work',
      '101 lines',
      send({
        lines: Array.from({ length: 101 }, () => ({ material_id: f.materialId, quantity: 1 })),
      }),
      400,
      'A job work order has at most 100 lines; this has 101.',
    ),
    rpcCase(
      'send_job_work',
      'more than is there',
      send({ lines: [{ material_id: f.materialId, quantity: 1000 }] }),
      400,
      /^Not enough Hostile cotton at Main godown: [\d.]+ there, 1000 to send\.$/,
    ),
    rpcCase(
      'receive_job_work',
      'an unknown order',
      receive({
        job_work_order_id: '00000000-0000-4000-8000-000000000000',
      }),
      400,
      'Job work order not found.',
    ),
    rpcCase(
      'receive_job_work',
      'more than is due',
      receive({ quantity_received: 2 }),
      400,
      `Only 1 units of ${f.productName} is still due back from Hostile Dyers.`,
    ),
    rpcCase(
      'receive_job_work',
      'half a kurta',
      receive({ quantity_received: 0.5 }),
      400,
      'Quantity received must be a whole number.',
    ),
    rpcCase('receive_job_work', 'a negative loss', receive({ loss: -1 }), 400, 'Loss must be at least 0.'),
    rpcCase(
      'receive_job_work',
      'nothing received or lost',
      receive({ quantity_received: 0 }),
      400,
      'Enter the quantity received or lost.',
    ),
    rpcCase(
      'receive_job_work',
      'a GST rate not in force',
      receive({ gst_rate: 7 }),
      400,
      'GST rate must be one of 0, 0.25, 3, 5, 12, 18, 28 or 40.',
    ),
    rpcCase(
      'receive_job_work',
      'at a job worker',
      receive({ location_id: f.jobWorkerLocationId }),
      400,
      'Choose one of your own locations.',
    ),
    rpcCase(
      'receive_job_work',
      'an invoice number of 17 characters',
      receive({ supplier_invoice_number: 'A'.repeat(17) }),
      400,
      'Supplier invoice number must be at most 16 characters.',
    ),
    rpcCase(
      'receive_job_work',
      'an invoice number that is SQL',
      receive({ supplier_invoice_number: "1' or '1" }),
      400,
      'Supplier invoice number can have only letters, digits, - and /.',
    ),
    rpcCase(
      'receive_job_work',
      'GST without the invoice',
      receive({ gst_rate: 5 }),
      400,
      "Enter the supplier's invoice number: the GST paid is claimed against it.",
    ),
    ...[
      ['a quarter', '2026-04-01', '2026-06-30'],
      ['a half-year backwards', '2026-09-30', '2026-04-01'],
      ['ten thousand years', '0001-04-01', '9999-03-31'],
    ].map(([label, from_date, to_date]) =>
      rpcCase(
        'itc04',
        label!,
        { from_date, to_date },
        400,
        'ITC-04 is filed for April to September, October to March, or a whole financial year (April to March).',
      ),
    ),
  ];
}
