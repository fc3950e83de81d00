// The e-way bill writer (public.eway_bill_json, supabase/schemas/eway_bill.sql) against a real bulk
// generation file (tests/fixtures/real/ewaybill/, see SOURCES.md): for a transfer's challan it
// writes, element for element, the fields a real bill has, each with the real file's JSON type.
// The real file's items were written HSN-wise and lack four fields; those follow India
// Compliance's writer (version 1.0.0621) and are the only ones allowed beyond the real file's.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('eway_bill_json against a real bulk generation file', () => {
  it('writes the fields of a real bill and its items, with their types', async () => {
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
    const { file } = await call<{ file: string }>(
      "select public.eway_bill_json(array[$1::uuid], 'road', 12, 'MH12AB1234') as file",
      [challan],
    );
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
});
