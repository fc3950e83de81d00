// The e-way bill writer (public.eway_bill_json, supabase/schemas/eway_bill.sql) against a real bulk
// generation file (tests/fixtures/real/ewaybill/, see SOURCES.md): for a transfer's challan it
// writes, element for element, the fields a real bill has, each with the real file's JSON type.
// The real file's items were written HSN-wise and lack four fields; those follow India
// Compliance's writer (version 1.0.0621) and are the only ones allowed beyond the real file's.
// And the form's transport checks (distance, vehicle number) refuse what the server refuses, in
// its words, and take what it takes.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ewayBillSchema } from '@/features/locations/api/eway-bill-fields';
import { createUser, openPool, runAs } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(1);
});
afterAll(async () => {
  await pool.end();
});

type Json = Record<string, unknown>;

/** Each field's JSON type (array, number, string, ...), in the object's order. */
const types = (object: Json) =>
  Object.fromEntries(
    Object.entries(object).map(([key, value]) => [key, Array.isArray(value) ? 'array' : typeof value]),
  );

const real = JSON.parse(readFileSync('tests/fixtures/real/ewaybill/erpnext-ewb-bulk-1.0.1118.json', 'utf8')) as {
  version: string;
  billLists: (Json & { itemList: Json[] })[];
};

// Item fields the real file lacks (it lists items by HSN code), written as India Compliance does.
const documentedItemFields = { itemNo: 'number', productName: 'string', productDesc: 'string', quantity: 'number' };

/** A user with a transfer of 400 m of fabric at Rs 150 between two own places: its challan's id. */
async function transferChallan(): Promise<{ owner: string; challan: string }> {
  const owner = await createUser(pool);
  const call = async <Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await runAs<Row>(pool, owner, sql, params))[0]!;
  await call(
    "select public.set_business_profile('Asha Textiles', '12 MG Road, Pune 411001', '27AAPFU0939F1ZV', '27', 'AT')",
  );
  const { id: fabric } = await call<{ id: string }>(
    "select id from public.create_raw_material('Cotton fabric', null, 150, 500, 'metres')",
  );
  await call("select public.set_item_tax(material_id => $1, hsn_code => '5208', gst_rate => 5)", [fabric]);
  const { id: main } = await call<{ id: string }>('select id from public.locations where is_main');
  const { id: shop } = await call<{ id: string }>(
    "select id from public.create_location('Shop', 'own', address => 'FC Road, Pune 411004')",
  );
  const { challan } = await call<{ challan: string }>(
    "select public.transfer_stock($1, $2, jsonb_build_array(jsonb_build_object('material_id', $3::uuid, 'quantity', 400))) ->> 'delivery_challan_id' as challan",
    [main, shop, fabric],
  );
  return { owner, challan };
}

describe('eway_bill_json against a real bulk generation file', () => {
  it('writes the fields of a real bill and its items, with their types', async () => {
    const { owner, challan } = await transferChallan();
    const { file } = (
      await runAs<{ file: string }>(
        pool,
        owner,
        "select public.eway_bill_json(array[$1::uuid], 'road', 12, 'MH12AB1234') as file",
        [challan],
      )
    )[0]!;
    const written = JSON.parse(file) as typeof real;

    expect(Object.keys(written)).toEqual(Object.keys(real));
    expect(typeof written.version).toBe(typeof real.version);
    const [bill] = written.billLists;
    const [realBill] = real.billLists;
    // Every field of the real bill, and none besides, each with its type.
    expect(types(bill!)).toEqual(types(realBill!));
    const realItem = types(realBill!.itemList[0]!);
    for (const item of realBill!.itemList) expect(types(item)).toEqual(realItem);
    expect(types(bill!.itemList[0]!)).toEqual({ ...realItem, ...documentedItemFields });
    expect(Object.keys(bill!.itemList[0]!).filter((key) => !(key in realItem))).toEqual(
      Object.keys(documentedItemFields),
    );
    // And the values a portal reads: 400 m x Rs 150 = Rs 60,000.00, outward, For Own Use, a challan.
    expect(bill).toMatchObject({
      supplyType: 'O',
      subSupplyType: 5,
      docType: 'CHL',
      fromGstin: '27AAPFU0939F1ZV',
      toGstin: '27AAPFU0939F1ZV',
      fromPincode: 411001,
      toPincode: 411004,
      totalValue: 60000,
      totInvValue: 60000,
      vehicleNo: 'MH12AB1234',
      itemList: [{ hsnCode: 5208, quantity: 400, qtyUnit: 'MTR', taxableAmount: 60000 }],
    });
  });

  it('the form refuses the distances and vehicle numbers the server refuses, with its sentence', async () => {
    const { owner, challan } = await transferChallan();
    const server = async (distance: string, vehicle: string) =>
      runAs(pool, owner, "select public.eway_bill_json(array[$1::uuid], 'road', $2::integer, $3)", [
        challan,
        distance,
        vehicle,
      ]).then(
        () => null,
        (error: Error) => error.message,
      );
    const form = (distance: string, vehicle: string) => {
      const parsed = ewayBillSchema.safeParse({ distance_km: distance, vehicle_number: vehicle });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    const cases: [distance: string, vehicle: string][] = [
      ['0', 'MH12AB1234'],
      ['1', 'MH12AB1234'],
      ['4000', 'MH12AB1234'],
      ['4001', 'MH12AB1234'],
      ['-5', 'MH12AB1234'],
      ['12', 'mh-12 ab 1234'],
      ['12', 'MH121234'],
      ['12', 'DL1CA1234'],
      ['12', '22 BH 1234 AB'],
      ['12', 'PUNE'],
      ['12', 'MH12AB123'],
      ['12', 'MH12ABCD1234'],
      ['12', ''],
    ];
    const answers = [];
    for (const [distance, vehicle] of cases) {
      answers.push({ distance, vehicle, server: await server(distance, vehicle), form: form(distance, vehicle) });
    }
    for (const answer of answers) expect(answer.form, `${answer.distance} km, ${answer.vehicle}`).toBe(answer.server);
    // Both bounds are taken and one past each refused: the cases above are not all alike.
    expect(answers.filter((answer) => answer.server === null).map((answer) => answer.vehicle)).toEqual([
      'MH12AB1234',
      'MH12AB1234',
      'mh-12 ab 1234',
      'MH121234',
      'DL1CA1234',
      '22 BH 1234 AB',
    ]);
  });
});
