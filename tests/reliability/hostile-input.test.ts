/**
 * Hostile input against every operation and every REST route the app uses: wrong types, signs and
 * sizes of numbers, NaN and Infinity as strings, 1 MB strings, unicode, SQL metacharacters,
 * malformed JSON, filters and orders, unknown names. Each is answered with a 4xx and a clear
 * message (the migration's exact message for the operations' own checks), never a 500, and a
 * refused request changes nothing: the database's fingerprint is the same after it, and the ledger
 * reconciles at the end. Valid unicode and literal SQL metacharacters are accepted and round-trip.
 */
import { expect, it } from 'vitest';
import { describeStack, type TestStack } from '../contract/harness';
import {
  createMaterial,
  createProduct,
  ledgerProblems,
  RawRealtime,
  request,
  rpcOk,
  signIn,
  superuser,
} from './support';
import {
  HINDI,
  MB,
  numberCases,
  PLATFORM_MESSAGE,
  rpcCase,
  SQL_TEXTS,
  type Case,
  type Fixture,
} from './hostile-input/support';

/** Every area's cases, one file each in hostile-input/ (support.ts holds what they share). */
const caseFiles = import.meta.glob<{ default: (fixture: Fixture) => Case[] }>(
  ['./hostile-input/*.ts', '!./hostile-input/support.ts'],
  { eager: true },
);
function cases(f: Fixture): Case[] {
  return Object.values(caseFiles).flatMap((file) => file.default(f));
}

/** Counts and sums that any write would move: compared before and after each refused request. */
async function fingerprint(stack: TestStack): Promise<string> {
  const { rows } = await superuser(stack).query<{ f: string }>(
    `select concat_ws(' ',
       (select count(*) from public.products), (select sum(stock_on_hand) from public.products),
       (select string_agg(md5(p::text), '' order by id) from public.products p),
       (select string_agg(md5(m::text), '' order by id) from public.raw_materials m),
       (select string_agg(md5(b::text), '' order by product_id, material_id) from public.bom_items b),
       (select string_agg(md5(o::text), '' order by id) from public.sales_orders o),
       (select string_agg(md5(o::text), '' order by id) from public.manufacturing_orders o),
       (select count(*) from public.stock_movements),
       (select string_agg(md5(f::text), '' order by user_id, platform) from public.platform_fees f),
       (select string_agg(md5(t::text), '' order by id) from public.styles t),
       (select string_agg(md5(v::text), '' order by product_id) from public.style_variants v),
       (select string_agg(md5(b::text), '' order by style_id, material_id) from public.style_bom_items b),
       (select string_agg(md5(r::text), '' order by id) from public.sales_returns r),
       (select string_agg(md5(c::text), '' order by id) from public.return_claims c),
       (select string_agg(md5(x::text), '' order by id) from public.suppliers x),
       (select string_agg(md5(u::text), '' order by id) from public.purchase_units u),
       (select string_agg(md5(o::text), '' order by id) from public.purchase_orders o),
       (select string_agg(md5(l::text), '' order by id) from public.purchase_order_lines l),
       (select string_agg(md5(a::text), '' order by id) from public.sku_aliases a),
       (select string_agg(md5(c::text), '' order by combo_id, component_id) from public.combo_components c),
       (select string_agg(md5(c::text), '' order by user_id, platform) from public.channel_settings c),
       (select string_agg(md5(f::text), '' order by user_id, platform, alias) from public.channel_stock_files f),
       (select string_agg(md5(c::text), '' order by user_id) from public.shopify_connections c),
       (select string_agg(md5(b::text), '' order by user_id) from public.business_profiles b),
       (select string_agg(md5(i::text), '' order by id) from public.invoices i),
       (select string_agg(md5(l::text), '' order by id) from public.invoice_lines l),
       (select string_agg(md5(n::text), '' order by id) from public.credit_notes n),
       (select string_agg(md5(l::text), '' order by id) from public.credit_note_lines l),
       (select string_agg(md5(p::text), '' order by id) from public.supplier_payments p),
       (select string_agg(md5(e::text), '' order by id) from public.tally_exports e),
       (select string_agg(md5(c::text), '' order by id) from public.customers c),
       (select string_agg(md5(p::text), '' order by id) from public.customer_payments p),
       (select string_agg(md5(a::text), '' order by id) from public.customer_payment_allocations a),
       (select string_agg(md5(l::text), '' order by id) from public.locations l),
       (select string_agg(md5(s::text), '' order by location_id, product_id, material_id) from public.location_stock s),
       (select string_agg(md5(c::text), '' order by id) from public.delivery_challans c),
       (select string_agg(md5(o::text), '' order by id) from public.job_work_orders o),
       (select string_agg(md5(l::text), '' order by id) from public.job_work_order_lines l),
       (select string_agg(md5(r::text), '' order by id) from public.job_work_receipts r)) as f`,
  );
  return rows[0]!.f;
}

async function makeFixture(s: TestStack): Promise<Fixture> {
  const user = await signIn(s);
  const materialId = await createMaterial(user, 'Hostile cotton', 10);
  const productName = 'Hostile kurta';
  const productId = await createProduct(user, productName, 5, [{ material_id: materialId, quantity: 1 }]);
  const metresProductId = (
    await rpcOk<{ id: string }>(user, 'create_product', {
      sku: 'HOSTILE-M',
      product_name: 'Hostile dyed fabric',
      selling_price: 90,
      stock_on_hand: 10,
      unit_of_measure: 'm',
    })
  ).id;
  const saleId = (await rpcOk<{ id: string }>(user, 'log_sale', { product_id: productId, quantity: 1 })).id;
  await rpcOk(user, 'fulfil_sales_order', { order_id: saleId });
  const completedRunId = (
    await rpcOk<{ id: string }>(user, 'start_production', { product_id: productId, quantity_to_produce: 1 })
  ).id;
  await rpcOk(user, 'complete_production', { order_id: completedRunId });
  const partlyReturnedId = (await rpcOk<{ id: string }>(user, 'log_sale', { product_id: productId, quantity: 2 })).id;
  await rpcOk(user, 'fulfil_sales_order', { order_id: partlyReturnedId });
  await rpcOk(user, 'record_return', { order_id: partlyReturnedId, kind: 'rto', sellable: 0, damaged: 1 });
  const { data: claim, error } = await user.client.from('return_claims').select('id').single();
  if (error) throw error;
  const shopLocationId = (await rpcOk<{ id: string }>(user, 'create_location', { name: 'Hostile shop', kind: 'own' }))
    .id;
  const { data: main, error: mainError } = await user.client
    .from('locations')
    .select('id')
    .eq('is_main', true)
    .single();
  if (mainError) throw mainError;
  // Job work (issue 45): a challan names the business profile.
  await rpcOk(user, 'set_business_profile', {
    legal_name: 'Hostile Textiles',
    address: 'Pune',
    gstin: '27AAPFU0939F1ZV',
    state_code: '27',
    invoice_prefix: 'HT',
  });
  const dyer = await rpcOk<{ id: string }>(user, 'create_supplier', { supplier_name: 'Hostile Dyers' });
  const jobWorkerLocationId = (
    await rpcOk<{ id: string }>(user, 'create_location', {
      name: 'Hostile Dyers',
      kind: 'job_worker',
      supplier_id: dyer.id,
    })
  ).id;
  const jobWorkOrderId = (
    await rpcOk<{ job_work_order_id: string }>(user, 'send_job_work', {
      job_worker_location_id: jobWorkerLocationId,
      from_location_id: main.id,
      lines: [{ material_id: materialId, quantity: 1 }],
      returns: { product_id: productId, quantity: 1 },
      charge_rate: 5,
    })
  ).job_work_order_id;
  return {
    user,
    materialId,
    productId,
    productName,
    metresProductId,
    saleId,
    completedRunId,
    partlyReturnedId,
    claimId: claim.id,
    mainLocationId: main.id,
    shopLocationId,
    jobWorkerLocationId,
    jobWorkOrderId,
  };
}

/** Sends each case as the fixture's user; returns a line for every answer that was not the expected one. */
async function runCases(s: TestStack, fixture: Fixture, list: Case[]): Promise<string[]> {
  const failures: string[] = [];
  for (const test of list) {
    const before = test.accepted ? null : await fingerprint(s);
    let response: Response;
    try {
      response = await request(s, fixture.user.token, test.route, {
        method: test.method ?? 'GET',
        body: test.raw ?? (test.body === undefined ? undefined : JSON.stringify(test.body)),
        headers: test.headers,
      });
    } catch (error) {
      failures.push(`${test.name}: no answer (${(error as Error).message})`);
      continue;
    }
    const text = await response.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON: left as text
    }
    if (test.accepted) {
      if (response.status >= 300) {
        failures.push(`${test.name}: ${response.status} ${text.slice(0, 200)} (expected success)`);
        continue;
      }
      try {
        await test.accepted(answer, s, fixture);
      } catch (error) {
        failures.push(`${test.name}: ${(error as Error).message}`);
      }
      continue;
    }
    const message = (answer as { message?: unknown } | null)?.message;
    const problems: string[] = [];
    const statusOk =
      test.status === '4xx' ? response.status >= 400 && response.status < 500 : response.status === test.status;
    if (!statusOk) problems.push(`status ${response.status}, expected ${test.status}`);
    const code = (answer as { code?: unknown } | null)?.code;
    if (test.code !== undefined && code !== test.code) problems.push(`code ${String(code)}, expected ${test.code}`);
    if (test.message !== undefined) {
      const matches =
        typeof message === 'string' &&
        message.trim() !== '' &&
        (typeof test.message === 'string' ? message === test.message : test.message.test(message));
      if (!matches)
        problems.push(`message ${JSON.stringify(message)?.slice(0, 200)}, expected ${String(test.message)}`);
    }
    if ((await fingerprint(s)) !== before) problems.push('the database changed');
    if (problems.length > 0)
      failures.push(`${test.name} [${test.method ?? 'GET'} ${test.route.slice(0, 120)}]: ${problems.join('; ')}`);
  }
  return failures;
}

describeStack('hostile input', (stack, kind) => {
  it('every route answers 4xx with a clear message, never a 500, never a partial write', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const all = cases(fixture);
    expect(await runCases(s, fixture, all)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    // The stack still serves after all of it.
    expect((await request(s, fixture.user.token, '/rest/v1/products?select=id&limit=1')).status).toBe(200);
    console.log(`hostile-input [${kind}]: ${all.length} inputs tried, all answered as expected`);
  });

  it('realtime: malformed frames close only their socket (1003), hostile filters are refused at subscription, SQL text is a literal', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const frames: [string, string | Buffer][] = [
      ['not JSON', 'not json'],
      ['an object', '{}'],
      ['an empty array', '[]'],
      ['six elements', '[1,2,3,4,5,6]'],
      ['no topic or event', '[null,null,null,null,null]'],
      // The largest frame the server reads: 1 MiB (larger ones close with 1009, see realtime-bounds).
      ['a 1 MiB string', JSON.stringify(MB.slice(2))],
      ['binary garbage', Buffer.from([3, 255, 255, 255, 1, 2])],
      ['an empty binary frame', Buffer.alloc(0)],
    ];
    for (const [name, frame] of frames) {
      const socket = await RawRealtime.open(s);
      socket.socket.send(frame);
      expect((await socket.closed).code, name).toBe(1003);
    }

    const socket = await RawRealtime.open(s);
    try {
      const filters: [string, 'ok' | 'error'][] = [
        [`user_id=eq.${'a'.repeat(100_000)}`, 'error'],
        [`id=in.(${Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')})`, 'error'],
        ['nope=eq.1', 'error'],
        ['user_id=zz.1', 'error'],
        ['reorder_point=eq.1e300', 'error'],
        ["sku=eq.'; drop table public.products; --", 'ok'],
        [`product_name=eq.${HINDI}`, 'ok'],
      ];
      for (const [index, [filter, status]] of filters.entries()) {
        const topic = `hostile-${index}`;
        const reply = await socket.join(
          topic,
          [{ event: '*', schema: 'public', table: 'products', filter }],
          fixture.user.token,
        );
        expect(reply.status, filter.slice(0, 60)).toBe('ok');
        const system = await socket.subscribed(topic);
        expect(system.status, filter.slice(0, 60)).toBe(status);
        if (status === 'error') expect(system.message).toMatch(/^Unable to subscribe to changes with given parameters/);
      }
      // The SQL text is a value like any other: a product with exactly that SKU matches it.
      const sqlSku = "'; drop table public.products; --";
      await rpcOk(fixture.user, 'create_product', { sku: sqlSku, product_name: 'Literal', selling_price: 1 });
      const event = await socket.nextChange(
        'hostile-5',
        (e) => e.data.type === 'INSERT',
        'the INSERT matching the SQL-text filter',
      );
      expect(event.data.record?.sku).toBe(sqlSku);
      expect(await socket.heartbeat()).toEqual({ status: 'ok', response: {} });
      console.log(`hostile-input realtime [${kind}]: ${frames.length} frames and ${filters.length} filters tried`);
    } finally {
      socket.close();
    }
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    expect((await request(s, fixture.user.token, '/rest/v1/products?select=id&limit=1')).status).toBe(200);
  });

  // Found by this suite (500 PGRSTX00 "Maximum call stack size exceeded" until 167594a): the REST
  // layer recursed once per level of nesting in `or=`, `select=` and JSON arguments. Each is the
  // client's fault and has a 4xx answer: an unparsable or unknown-relation query, or the
  // operation's own refusal of a BOM row that is not an object.
  it('refuses deeply nested queries and arguments with a 4xx, not a stack overflow', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    expect(
      await runCases(s, fixture, [
        {
          name: 'GET or= nested 2000 and( deep',
          route: `/rest/v1/products?or=(${'and('.repeat(2000)}sku.eq.1${')'.repeat(2000)})`,
          status: 400,
          code: 'PGRST100',
          message: /.+/,
        },
        {
          name: 'GET select= embedding nested 5000 deep',
          route: `/rest/v1/products?select=${'x('.repeat(5000)}*${')'.repeat(5000)}`,
          status: 400,
          message: /.+/,
        },
        {
          name: 'create_product with a BOM nested 5000 arrays deep',
          route: '/rest/v1/rpc/create_product',
          method: 'POST',
          raw: `{"sku":"DEEP","product_name":"Deep","selling_price":1,"bom":${'['.repeat(5000)}${']'.repeat(5000)}}`,
          status: 400,
          code: 'PGRST102',
          message: 'JSON nested too deeply: more than 64 levels of arrays and objects.',
        },
        {
          name: 'create_product with a BOM nested 60 arrays deep (under the gateway bound)',
          route: '/rest/v1/rpc/create_product',
          method: 'POST',
          raw: `{"sku":"DEEP","product_name":"Deep","selling_price":1,"bom":${'['.repeat(60)}${']'.repeat(60)}}`,
          status: 400,
          message: 'Each BOM row needs a material.',
        },
      ]),
    ).toEqual([]);
  });

  it('styles and production batches: 10,000 option values, 2.5 units, deep JSON and huge text get 4xx and write nothing', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const sizes = [{ name: 'Size', values: ['S', 'M'] }];
    const style = await rpcOk<{ style_id: string; products: { product_id: string }[] }>(fixture.user, 'create_style', {
      style_name: 'Hostile style',
      category: null,
      sku_prefix: 'HS',
      selling_price: 100,
      options: sizes,
      bom: [{ material_id: fixture.materialId, by_option: 'Size', quantities: { S: 1, M: 2 } }],
    });
    const styleArgs = (extra: Record<string, unknown>) => ({
      style_name: 'New style',
      category: null,
      sku_prefix: `N${Math.random().toString(36).slice(2, 8)}`,
      selling_price: 100,
      options: sizes,
      bom: [],
      ...extra,
    });
    const tenThousand = Array.from({ length: 10_000 }, (_, i) => `V${i}`);
    const variant = style.products[0]!.product_id;
    const batch = (runs: unknown) => ({ runs });
    const edit = { style_id: style.style_id, style_name: 'Hostile style', category: null };
    const nest = (depth: number, inner: string) => '['.repeat(depth) + inner + ']'.repeat(depth);
    const list: Case[] = [
      ...numberCases('create_style', 'selling_price', 'Selling price', styleArgs({}), {
        minimum: '0.01',
        whole: false,
      }),
      rpcCase(
        'create_style',
        'style_name 1 MB',
        styleArgs({ style_name: MB }),
        400,
        'Style name must be at most 100 characters.',
      ),
      rpcCase(
        'create_style',
        'sku_prefix 1 MB',
        styleArgs({ sku_prefix: MB }),
        400,
        'SKU prefix must be at most 20 characters.',
      ),
      rpcCase(
        'create_style',
        'category 1 MB',
        styleArgs({ category: MB }),
        400,
        'Category must be at most 100 characters.',
      ),
      {
        name: 'create_style takes a SQL-text SKU prefix literally',
        route: '/rest/v1/rpc/create_style',
        method: 'POST',
        body: styleArgs({ sku_prefix: "'; drop table x" }),
        accepted: async (answer) => {
          expect((answer as { products: { sku: string }[] }).products.map((p) => p.sku)).toEqual([
            "';-DROP-TABLE-X-S",
            "';-DROP-TABLE-X-M",
          ]);
        },
      },
      rpcCase(
        'create_style',
        'options 10,000 values',
        styleArgs({ options: [{ name: 'Size', values: tenThousand }] }),
        400,
        'Size can have at most 100 values; it has 10000.',
      ),
      rpcCase(
        'create_style',
        'options 101 options',
        styleArgs({ options: Array.from({ length: 101 }, (_, i) => ({ name: `O${i}`, values: ['A'] })) }),
        400,
        'A style can have at most 3 options; this one has 101.',
      ),
      rpcCase(
        'create_style',
        'options 10 x 11 variants',
        styleArgs({
          options: [
            { name: 'A', values: tenThousand.slice(0, 10) },
            { name: 'B', values: tenThousand.slice(0, 11) },
          ],
        }),
        400,
        'A style can have at most 100 variants; these options make 110.',
      ),
      rpcCase(
        'create_style',
        'options a string',
        styleArgs({ options: 'Size' }),
        400,
        'Options must be a list of options with their values.',
      ),
      rpcCase(
        'create_style',
        'options null',
        styleArgs({ options: null }),
        400,
        'Options must be a list of options with their values.',
      ),
      rpcCase(
        'create_style',
        'a value in another case',
        styleArgs({ options: [{ name: 'Size', values: ['M', 'm'] }] }),
        400,
        'Size lists m twice.',
      ),
      rpcCase(
        'create_style',
        'a value an object',
        styleArgs({ options: [{ name: 'Size', values: [{ S: 1 }] }] }),
        400,
        'Each value of Size must be text.',
      ),
      rpcCase(
        'create_style',
        'a value 1 MB',
        styleArgs({ options: [{ name: 'Size', values: [MB] }] }),
        400,
        'A value of Size must be at most 20 characters.',
      ),
      rpcCase(
        'create_style',
        'option name a number',
        styleArgs({ options: [{ name: 7, values: ['S'] }] }),
        400,
        'Each option needs a name.',
      ),
      rpcCase(
        'create_style',
        'an existing SKU',
        styleArgs({ sku_prefix: 'hs', options: [{ name: 'Size', values: ['m'] }] }),
        409,
        'A product with SKU HS-M already exists.',
      ),
      rpcCase(
        'create_style',
        'bom by an unknown option',
        styleArgs({ bom: [{ material_id: fixture.materialId, by_option: 'Colour', quantities: { S: 1, M: 1 } }] }),
        400,
        'A BOM row is by Colour, which is not an option of this style.',
      ),
      rpcCase(
        'create_style',
        'bom missing a size',
        styleArgs({ bom: [{ material_id: fixture.materialId, by_option: 'Size', quantities: { S: 1 } }] }),
        400,
        'A BOM row by Size has no quantity for M.',
      ),
      rpcCase(
        'create_style',
        'bom 10,000 quantities',
        styleArgs({
          bom: [
            {
              material_id: fixture.materialId,
              by_option: 'Size',
              quantities: Object.fromEntries(tenThousand.map((v) => [v, 1])),
            },
          ],
        }),
        400,
        'A BOM row by Size gives 10000 quantities; an option has at most 100 values.',
      ),
      rpcCase(
        'create_style',
        'bom quantity "NaN"',
        styleArgs({ bom: [{ material_id: fixture.materialId, by_option: 'Size', quantities: { S: 'NaN', M: 1 } }] }),
        400,
        'Each BOM row needs a quantity.',
      ),
      rpcCase(
        'create_style',
        'bom quantity 1e300',
        styleArgs({ bom: [{ material_id: fixture.materialId, quantity: 1e300 }] }),
        400,
        'BOM quantity must be at most 1000000000.',
      ),
      rpcCase(
        'create_style',
        'bom material SQL text',
        styleArgs({ bom: [{ material_id: "' or 1=1 --", quantity: 1 }] }),
        400,
        'Material not found.',
      ),
      {
        ...rpcCase(
          'create_style',
          'options nested 5000 deep',
          {},
          400,
          'JSON nested too deeply: more than 64 levels of arrays and objects.',
        ),
        raw: `{"style_name":"D","category":null,"sku_prefix":"D","selling_price":1,"options":${nest(5000, '')}}`,
        code: 'PGRST102',
      },
      {
        ...rpcCase('create_style', 'options nested 60 deep', {}, 400, 'Each option needs a name.'),
        raw: `{"style_name":"D","category":null,"sku_prefix":"D","selling_price":1,"options":${nest(60, '')}}`,
      },
      rpcCase('update_style', 'style unknown', { ...edit, style_id: crypto.randomUUID() }, 400, 'Style not found.'),
      rpcCase(
        'update_style',
        'style not a uuid',
        { ...edit, style_id: "' or 1=1 --" },
        400,
        /invalid input syntax for type uuid/,
      ),
      rpcCase(
        'update_style',
        'style_name 1 MB',
        { ...edit, style_name: MB },
        400,
        'Style name must be at most 100 characters.',
      ),
      rpcCase(
        'update_style',
        'bom an object',
        { ...edit, bom: { material_id: fixture.materialId } },
        400,
        'BOM must be a list of materials.',
      ),
      rpcCase(
        'update_style',
        'bom 201 lines',
        { ...edit, bom: Array.from({ length: 201 }, () => ({ material_id: fixture.materialId, quantity: 1 })) },
        400,
        'A BOM can list at most 200 materials; this one lists 201.',
      ),
      rpcCase(
        'add_style_variants',
        '10,000 new values',
        { style_id: style.style_id, options: [{ name: 'Size', values: tenThousand }] },
        400,
        'Size can have at most 100 values; it has 10002.',
      ),
      rpcCase(
        'add_style_variants',
        'a new option',
        { style_id: style.style_id, options: [{ name: 'Colour', values: ['Red'] }] },
        400,
        'Colour is not an option of this style.',
      ),
      rpcCase(
        'add_style_variants',
        'a size the BOM lacks',
        { style_id: style.style_id, options: [{ name: 'Size', values: ['L'] }] },
        400,
        'A BOM row by Size has no quantity for L.',
      ),
      rpcCase(
        'add_style_variants',
        'options a string',
        { style_id: style.style_id, options: 'L' },
        400,
        'Options must be a list of the options with their new values.',
      ),
      ...numberCases(
        'start_production_batch',
        'quantity_to_produce',
        'Quantity to produce',
        {},
        { minimum: '1', whole: true },
      ).map((c) => ({
        ...c,
        // The quantity is an element of the list: a JSON value of any type, so text or a list is "not a number".
        body: batch([
          { product_id: variant, quantity_to_produce: (c.body as Record<string, unknown>).quantity_to_produce },
        ]),
        message: typeof c.message === 'string' ? c.message : 'Quantity to produce must be a number.',
      })),
      rpcCase(
        'start_production_batch',
        'quantity 2.5',
        batch([{ product_id: variant, quantity_to_produce: 2.5 }]),
        400,
        'Quantity to produce must be a whole number.',
      ),
      rpcCase(
        'start_production_batch',
        'quantity beyond the materials',
        batch([{ product_id: variant, quantity_to_produce: 1_000_000_000 }]),
        400,
        /^Not enough Hostile cotton: 1000000000 needed, \d+(\.\d+)? available\.$/,
      ),
      rpcCase(
        'start_production_batch',
        '10,000 runs',
        batch(tenThousand.map(() => ({ product_id: variant, quantity_to_produce: 1 }))),
        400,
        'A batch can have at most 100 runs; this one has 10000.',
      ),
      rpcCase(
        'start_production_batch',
        'a product twice',
        batch([
          { product_id: variant, quantity_to_produce: 1 },
          { product_id: variant.toUpperCase(), quantity_to_produce: 1 },
        ]),
        400,
        'A product can appear only once in a batch.',
      ),
      rpcCase(
        'start_production_batch',
        'product SQL text',
        batch([{ product_id: "' or 1=1 --", quantity_to_produce: 1 }]),
        400,
        'Product not found.',
      ),
      rpcCase(
        'start_production_batch',
        'product a number',
        batch([{ product_id: 42, quantity_to_produce: 1 }]),
        400,
        'Each run needs a product.',
      ),
      rpcCase(
        'start_production_batch',
        'runs an object',
        batch({ product_id: variant, quantity_to_produce: 1 }),
        400,
        'A batch needs a list of runs, each a product and a quantity to produce.',
      ),
      {
        ...rpcCase('start_production_batch', 'runs nested 60 deep', {}, 400, 'Each run needs a product.'),
        raw: `{"runs":${nest(60, '')}}`,
      },
      {
        ...rpcCase(
          'start_production_batch',
          'runs nested 5000 deep',
          {},
          400,
          'JSON nested too deeply: more than 64 levels of arrays and objects.',
        ),
        raw: `{"runs":${nest(5000, '')}}`,
        code: 'PGRST102',
      },
      rpcCase('list_styles', 'page of 101', { page_size: 101 }, 400, 'A page holds 1 to 100 styles.'),
      rpcCase('list_styles', 'page offset negative', { page_offset: -1 }, 400, 'The page offset cannot be negative.'),
      {
        name: 'list_styles searches 1 MB of wildcards literally',
        route: '/rest/v1/rpc/list_styles',
        method: 'POST',
        body: { search: '%'.repeat(1024 * 1024) },
        accepted: async (answer) => expect(answer).toEqual({ total: 0, rows: [] }),
      },
      {
        name: 'create_style accepts Hindi names and values',
        route: '/rest/v1/rpc/create_style',
        method: 'POST',
        body: styleArgs({ style_name: HINDI, options: [{ name: 'रंग', values: ['नीला', 'लाल'] }] }),
        accepted: async (answer) => {
          const created = answer as { products: { product_name: string; sku: string }[] };
          expect(created.products.map((p) => p.product_name)).toEqual([`${HINDI} - नीला`, `${HINDI} - लाल`]);
        },
      },
    ];
    expect(await runCases(s, fixture, list)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    console.log(`hostile-input styles [${kind}]: ${list.length} inputs tried, all answered as expected`);
  });

  it('sub-assemblies and costs: a 7-level chain, 2.5 pieces, 51% wastage and hostile costs get 4xx and write nothing', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    // A six-level chain, the most allowed: level 6 is made of the fixture's material, each level
    // above of one piece of the level below.
    const bottomName = `Level 6 ${crypto.randomUUID().slice(0, 8)}`;
    let below = await createProduct(fixture.user, bottomName, 0, [{ material_id: fixture.materialId, quantity: 1 }]);
    const bottom = below;
    for (let level = 5; level >= 1; level--) {
      const row = await rpcOk<{ id: string }>(fixture.user, 'create_product', {
        sku: `LVL-${level}-${crypto.randomUUID().slice(0, 8)}`,
        product_name: `Level ${level}`,
        selling_price: 100,
        bom: [{ product_id: below, quantity: 1 }],
      });
      below = row.id;
    }
    const top = below;
    const newProduct = (bom: unknown) => ({
      sku: `NEW-${crypto.randomUUID().slice(0, 8)}`,
      product_name: 'New',
      selling_price: 100,
      bom,
    });
    const edit = (bom: unknown) => ({
      product_id: fixture.productId,
      sku: `SKU-${fixture.productName}`,
      product_name: fixture.productName,
      category: null,
      selling_price: 100,
      reorder_point: 0,
      bom,
    });
    const bottomEdit = (bom: unknown) => ({
      ...edit(bom),
      product_id: bottom,
      sku: `SKU-${bottomName}`,
      product_name: bottomName,
    });
    const line = { material_id: fixture.materialId, quantity: 1 };
    const costs = { product_id: fixture.productId, labour_per_unit: 10, overhead_per_run: 100, run_size: 10 };
    const deep = 'Sub-assemblies can go at most 6 levels deep; this BOM would make 7.';
    const list: Case[] = [
      rpcCase('create_product', 'a seventh level on top', newProduct([{ product_id: top, quantity: 1 }]), 400, deep),
      rpcCase(
        'update_product',
        'a seventh level below the bottom',
        bottomEdit([{ product_id: fixture.productId, quantity: 1 }]),
        400,
        deep,
      ),
      rpcCase(
        'update_product',
        'itself as a sub-assembly',
        edit([{ product_id: fixture.productId, quantity: 1 }]),
        400,
        `${fixture.productName} cannot contain itself.`,
      ),
      rpcCase(
        'update_product',
        'a cycle through six levels',
        bottomEdit([{ product_id: top, quantity: 1 }]),
        400,
        `${bottomName} cannot contain itself.`,
      ),
      rpcCase(
        'create_product',
        '2.5 pieces of a sub-assembly',
        newProduct([{ product_id: bottom, quantity: 2.5 }]),
        400,
        'Sub-assembly quantity must be a whole number.',
      ),
      rpcCase(
        'create_product',
        'a sub-assembly quantity of 0',
        newProduct([{ product_id: bottom, quantity: 0 }]),
        400,
        'Sub-assembly quantity must be at least 1.',
      ),
      rpcCase(
        'create_product',
        'a sub-assembly quantity "NaN"',
        newProduct([{ product_id: bottom, quantity: 'NaN' }]),
        400,
        'Each BOM row needs a quantity.',
      ),
      rpcCase(
        'create_product',
        'a sub-assembly twice',
        newProduct([
          { product_id: bottom, quantity: 1 },
          { product_id: bottom, quantity: 2 },
        ]),
        400,
        'A product can appear only once in a BOM.',
      ),
      rpcCase(
        'create_product',
        'a line naming a material and a product',
        newProduct([{ ...line, product_id: bottom }]),
        400,
        'A BOM row names a material or a product, not both.',
      ),
      rpcCase(
        'create_product',
        'an unknown product',
        newProduct([{ product_id: crypto.randomUUID(), quantity: 1 }]),
        400,
        'Product not found.',
      ),
      rpcCase(
        'create_product',
        'a product id of SQL text',
        newProduct([{ product_id: "' or 1=1 --", quantity: 1 }]),
        400,
        'Product not found.',
      ),
      rpcCase(
        'create_product',
        'a material id as a product',
        newProduct([{ product_id: fixture.materialId, quantity: 1 }]),
        400,
        'Product not found.',
      ),
      rpcCase(
        'create_product',
        'wastage 51',
        newProduct([{ ...line, wastage_percent: 51 }]),
        400,
        'Wastage can be at most 50%.',
      ),
      rpcCase(
        'create_product',
        'wastage -1',
        newProduct([{ ...line, wastage_percent: -1 }]),
        400,
        'Wastage must be at least 0.',
      ),
      rpcCase(
        'create_product',
        'wastage 2.555',
        newProduct([{ ...line, wastage_percent: 2.555 }]),
        400,
        'Wastage can have at most 2 decimal places.',
      ),
      rpcCase(
        'create_product',
        'wastage "NaN"',
        newProduct([{ ...line, wastage_percent: 'NaN' }]),
        400,
        'Wastage must be a number.',
      ),
      rpcCase(
        'create_product',
        'wastage 1e300',
        newProduct([{ ...line, wastage_percent: 1e300 }]),
        400,
        'Wastage must be at most 1000000000.',
      ),
      rpcCase(
        'create_product',
        'wastage on a sub-assembly',
        newProduct([{ product_id: bottom, quantity: 1, wastage_percent: 5 }]),
        400,
        'Wastage applies to materials: a sub-assembly is counted in whole pieces.',
      ),
      ...numberCases('set_product_costs', 'labour_per_unit', 'Labour per unit', costs, {
        minimum: '0',
        whole: false,
        nullable: true,
      }),
      ...numberCases('set_product_costs', 'overhead_per_run', 'Overhead per run', costs, {
        minimum: '0',
        whole: false,
        nullable: true,
      }),
      ...numberCases('set_product_costs', 'run_size', 'Run size', costs, { minimum: '1', whole: true, nullable: true }),
      ...numberCases('set_product_costs', 'purchase_cost', 'Purchase cost', costs, {
        minimum: '0',
        whole: false,
        nullable: true,
      }),
      rpcCase(
        'set_product_costs',
        'labour 1.234',
        { ...costs, labour_per_unit: 1.234 },
        400,
        'Labour per unit can have at most 2 decimal places.',
      ),
      rpcCase(
        'set_product_costs',
        'run size 2.5',
        { ...costs, run_size: 2.5 },
        400,
        'Run size must be a whole number.',
      ),
      rpcCase(
        'set_product_costs',
        'product unknown',
        { ...costs, product_id: crypto.randomUUID() },
        400,
        'Product not found.',
      ),
      rpcCase(
        'set_product_costs',
        'product not a uuid',
        { ...costs, product_id: 'kurta' },
        400,
        /invalid input syntax for type uuid/,
      ),
      // The same costs given with the product (issue 33: the form's one write).
      rpcCase(
        'create_product',
        'costs a string',
        { ...newProduct([]), costs: 'labour 60' },
        400,
        'Costs must be an object of labour_per_unit, overhead_per_run, run_size and purchase_cost.',
      ),
      rpcCase(
        'create_product',
        'costs labour NaN',
        { ...newProduct([]), costs: { labour_per_unit: 'NaN' } },
        400,
        'Labour per unit must be a number.',
      ),
      rpcCase(
        'create_product',
        'costs a 1 MB key',
        { ...newProduct([]), costs: { [MB]: 1 } },
        400,
        /^Costs have no x+: give labour_per_unit/,
      ),
      rpcCase(
        'create_product',
        'costs run size 2.5',
        { ...newProduct([]), costs: { run_size: 2.5 } },
        400,
        'Run size must be a whole number.',
      ),
      rpcCase(
        'update_product',
        'costs purchase 1e300',
        {
          product_id: fixture.productId,
          sku: `SKU-${fixture.productName}`,
          product_name: fixture.productName,
          category: null,
          selling_price: 10,
          reorder_point: 1,
          costs: { purchase_cost: 1e300 },
        },
        400,
        'Purchase cost must be at most 1000000000.',
      ),
    ];
    expect(await runCases(s, fixture, list)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    console.log(`hostile-input sub-assemblies [${kind}]: ${list.length} inputs tried, all answered as expected`);
  });

  it('purchasing: GSTINs, 201 lines, 2.5555 rolls, NaN, receipts past what is due and huge text get 4xx and write nothing', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const supplier = await rpcOk<{ id: string }>(fixture.user, 'create_supplier', { supplier_name: 'Hostile Mills' });
    await rpcOk(fixture.user, 'set_purchase_unit', {
      material_id: fixture.materialId,
      supplier_id: supplier.id,
      purchase_unit: 'rolls',
      units_per_purchase_unit: 50,
      price_per_purchase_unit: 2500,
    });
    const order = await rpcOk<{ purchase_order_id: string; lines: { line_id: string }[] }>(
      fixture.user,
      'create_purchase_order',
      {
        supplier_id: supplier.id,
        lines: [{ material_id: fixture.materialId, quantity: 2 }],
      },
    );
    await rpcOk(fixture.user, 'place_purchase_order', { po_id: order.purchase_order_id });
    const lineId = order.lines[0]!.line_id;
    const supplierArgs = (extra: Record<string, unknown>) => ({ supplier_name: 'New supplier', ...extra });
    const unit = (extra: Record<string, unknown>) => ({
      material_id: fixture.materialId,
      supplier_id: supplier.id,
      purchase_unit: 'rolls',
      units_per_purchase_unit: 50,
      ...extra,
    });
    const orderArgs = (lines: unknown, extra: Record<string, unknown> = {}) => ({
      supplier_id: supplier.id,
      lines,
      ...extra,
    });
    const line = (extra: Record<string, unknown>) => ({ material_id: fixture.materialId, quantity: 1, ...extra });
    const receipt = (lines: unknown) => ({ po_id: order.purchase_order_id, lines });
    const list: Case[] = [
      rpcCase(
        'create_supplier',
        'name 1 MB',
        supplierArgs({ supplier_name: MB }),
        400,
        'Supplier name must be at most 200 characters.',
      ),
      rpcCase(
        'create_supplier',
        'name blank',
        supplierArgs({ supplier_name: '  ' }),
        400,
        'Supplier name is required.',
      ),
      rpcCase(
        'create_supplier',
        'name taken in capitals',
        supplierArgs({ supplier_name: 'HOSTILE MILLS' }),
        409,
        'A supplier named HOSTILE MILLS already exists.',
      ),
      rpcCase(
        'create_supplier',
        'GSTIN of 14',
        supplierArgs({ gstin: '27AAPFU0939F1Z' }),
        400,
        'GSTIN must be 15 characters like 27AAPFU0939F1ZV.',
      ),
      rpcCase(
        'create_supplier',
        'GSTIN SQL text',
        supplierArgs({ gstin: "' or 1=1 --" }),
        400,
        'GSTIN must be 15 characters like 27AAPFU0939F1ZV.',
      ),
      rpcCase(
        'create_supplier',
        'email without @',
        supplierArgs({ email: 'ravi' }),
        400,
        'Email must look like name@example.com.',
      ),
      rpcCase(
        'create_supplier',
        'phone 1 MB',
        supplierArgs({ phone: MB }),
        400,
        'Phone must be at most 20 characters.',
      ),
      rpcCase(
        'create_supplier',
        'lead time 2.5',
        supplierArgs({ lead_time_days: 2.5 }),
        400,
        /invalid input syntax for type integer/,
      ),
      rpcCase(
        'create_supplier',
        'lead time -1',
        supplierArgs({ lead_time_days: -1 }),
        400,
        'Lead time must be at least 0.',
      ),
      rpcCase(
        'create_supplier',
        'notes 1 MB',
        supplierArgs({ notes: MB }),
        400,
        'Notes must be at most 1000 characters.',
      ),
      rpcCase(
        'update_supplier',
        'unknown',
        { supplier_id: crypto.randomUUID(), supplier_name: 'X' },
        400,
        'Supplier not found.',
      ),
      ...numberCases('set_purchase_unit', 'units_per_purchase_unit', 'Units per purchase unit', unit({}), {
        minimum: '0.001',
        whole: false,
      }),
      rpcCase(
        'set_purchase_unit',
        'units per 50.0001',
        unit({ units_per_purchase_unit: 50.0001 }),
        400,
        'Units per purchase unit can have at most 3 decimal places.',
      ),
      rpcCase(
        'set_purchase_unit',
        'price "NaN"',
        unit({ price_per_purchase_unit: 'NaN' }),
        400,
        'Price per purchase unit must be a number.',
      ),
      rpcCase(
        'set_purchase_unit',
        'unit 1 MB',
        unit({ purchase_unit: MB }),
        400,
        'Purchase unit must be at most 32 characters.',
      ),
      rpcCase(
        'set_purchase_unit',
        'supplier SQL text',
        unit({ supplier_id: "' or 1=1 --" }),
        400,
        /invalid input syntax for type uuid/,
      ),
      rpcCase(
        'create_purchase_order',
        'lines an object',
        orderArgs(line({})),
        400,
        'Add at least one material to the order.',
      ),
      rpcCase('create_purchase_order', 'lines empty', orderArgs([]), 400, 'Add at least one material to the order.'),
      rpcCase(
        'create_purchase_order',
        'line a number',
        orderArgs([1]),
        400,
        'Each line needs a material, a quantity and a price.',
      ),
      rpcCase(
        'create_purchase_order',
        '201 lines',
        orderArgs(Array.from({ length: 201 }, () => line({}))),
        400,
        'An order can list at most 200 lines; this one lists 201.',
      ),
      rpcCase(
        'create_purchase_order',
        '2.5555 rolls',
        orderArgs([line({ quantity: 2.5555 })]),
        400,
        'Quantity can have at most 3 decimal places.',
      ),
      rpcCase(
        'create_purchase_order',
        'quantity "NaN"',
        orderArgs([line({ quantity: 'NaN' })]),
        400,
        'Quantity must be a number.',
      ),
      rpcCase(
        'create_purchase_order',
        'quantity 1e300',
        orderArgs([line({ quantity: 1e300 })]),
        400,
        'Quantity must be at most 1000000000.',
      ),
      rpcCase(
        'create_purchase_order',
        'quantity past stock as metres',
        orderArgs([line({ quantity: 100000000 })]),
        400,
        'Hostile cotton on one order must be at most 1000000000 units.',
      ),
      rpcCase(
        'create_purchase_order',
        'price negative',
        orderArgs([line({ unit_price: -1 })]),
        400,
        'Unit price must be at least 0.',
      ),
      rpcCase(
        'create_purchase_order',
        'material SQL text',
        orderArgs([line({ material_id: "' or 1=1 --" })]),
        400,
        'Material not found.',
      ),
      rpcCase(
        'create_purchase_order',
        'note 1 MB',
        orderArgs([line({})], { note: MB }),
        400,
        'Note must be at most 500 characters.',
      ),
      rpcCase(
        'create_purchase_order',
        'expected 1999',
        orderArgs([line({})], { expected_date: '1999-12-31' }),
        400,
        'Expected date must be between 2000-01-01 and 2100-12-31.',
      ),
      rpcCase(
        'receive_purchase_order',
        'more than is due',
        receipt([{ line_id: lineId, quantity: 2.001 }]),
        400,
        'Only 2 rolls of Hostile cotton are still due on this order.',
      ),
      rpcCase(
        'receive_purchase_order',
        'the line twice',
        receipt([
          { line_id: lineId, quantity: 1 },
          { line_id: lineId, quantity: 1 },
        ]),
        400,
        'A line can be received once per receipt.',
      ),
      rpcCase(
        'receive_purchase_order',
        'quantity zero',
        receipt([{ line_id: lineId, quantity: 0 }]),
        400,
        'Quantity received must be greater than 0.',
      ),
      rpcCase(
        'receive_purchase_order',
        'quantity "NaN"',
        receipt([{ line_id: lineId, quantity: 'NaN' }]),
        400,
        'Quantity received must be a number.',
      ),
      rpcCase(
        'receive_purchase_order',
        'line SQL text',
        receipt([{ line_id: "' or 1=1 --", quantity: 1 }]),
        400,
        'Each receipt needs a line of this order and a quantity.',
      ),
      rpcCase(
        'receive_purchase_order',
        '201 lines',
        receipt(Array.from({ length: 201 }, () => ({ line_id: lineId, quantity: 1 }))),
        400,
        'An order has at most 200 lines.',
      ),
      rpcCase(
        'list_purchase_orders',
        'status unknown',
        { status: 'Lost' },
        400,
        'Status must be one of: Draft, Ordered, Partially received, Received, Cancelled.',
      ),
      rpcCase('list_purchase_orders', 'page of 1001', { page_size: 1001 }, 400, 'A page holds 1 to 1000 rows.'),
      {
        name: 'list_purchase_orders searches 1 MB of wildcards literally',
        route: '/rest/v1/rpc/list_purchase_orders',
        method: 'POST',
        body: { search: '%'.repeat(1024 * 1024) },
        accepted: async (answer) => expect(answer).toEqual({ total: 0, rows: [] }),
      },
      {
        name: 'create_supplier accepts a Hindi name',
        route: '/rest/v1/rpc/create_supplier',
        method: 'POST',
        body: supplierArgs({ supplier_name: HINDI }),
        accepted: async (answer) => expect((answer as { supplier_name: string }).supplier_name).toBe(HINDI),
      },
    ];
    expect(await runCases(s, fixture, list)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    console.log(`hostile-input purchasing [${kind}]: ${list.length} inputs tried, all answered as expected`);
  });

  // Found by this suite (on the PGlite backend of the time, until 167594a): a 300-deep `not.and(`
  // tree matches nothing on Postgres (200 []), but PGlite answered 400 26000 "unnamed prepared
  // statement does not exist". Either Postgres' answer or a clear refusal (400 PGRST100).
  it("planning: 201 targets, 2.5 units, another user's product, NaN and a stale plan get 4xx and write nothing", async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const other = await makeFixture(s);
    const target = (product_id: unknown, quantity: unknown) => ({ targets: [{ product_id, quantity }] });
    const runs = (product_id: unknown, quantity_to_produce: unknown) => ({
      plan: { runs: [{ product_id, quantity_to_produce }] },
    });
    const list: Case[] = [
      rpcCase(
        'plan_production',
        '201 targets',
        { targets: Array.from({ length: 201 }, () => ({ product_id: crypto.randomUUID(), quantity: 1 })) },
        400,
        'A plan can have at most 200 targets; this one has 201.',
      ),
      rpcCase('plan_production', '2.5 units', target(fixture.productId, 2.5), 400, 'Quantity must be a whole number.'),
      rpcCase('plan_production', 'NaN units', target(fixture.productId, 'NaN'), 400, 'Quantity must be a number.'),
      rpcCase('plan_production', "another user's product", target(other.productId, 1), 400, 'Product not found.'),
      rpcCase('plan_production', 'a product id that is SQL', target("' or 1=1 --", 1), 400, 'Product not found.'),
      rpcCase(
        'plan_production',
        'targets an object',
        { targets: { product_id: fixture.productId } },
        400,
        'Targets must be a list of products and quantities.',
      ),
      rpcCase(
        'plan_production',
        'a horizon of 10 years',
        { horizon_days: 3650 },
        400,
        'Horizon must be a whole number of days from 0 to 365.',
      ),
      rpcCase('commit_production_plan', "another user's product", runs(other.productId, 1), 400, 'Product not found.'),
      rpcCase(
        'commit_production_plan',
        '2.5 units',
        runs(fixture.productId, 2.5),
        400,
        'Quantity to produce must be a whole number.',
      ),
      rpcCase(
        'commit_production_plan',
        'a plan without runs',
        { plan: {} },
        400,
        'This plan has no runs that can start now.',
      ),
      rpcCase(
        'commit_production_plan',
        '201 runs',
        {
          plan: {
            runs: Array.from({ length: 201 }, () => ({ product_id: crypto.randomUUID(), quantity_to_produce: 1 })),
          },
        },
        400,
        'A plan can start at most 200 runs; this one has 201.',
      ),
      rpcCase(
        'commit_production_plan',
        'more than the stock allows',
        runs(fixture.productId, 1_000_000),
        400,
        /^Not enough /,
      ),
      rpcCase(
        'accept_reorder_point',
        "another user's product",
        { product_id: other.productId },
        400,
        'Product not found.',
      ),
      rpcCase(
        'set_product_planning',
        'a lead time of NaN',
        { product_id: fixture.productId, lead_time_days: 'NaN', safety_days: 1 },
        400,
        'Lead time must be a number.',
      ),
      rpcCase(
        'set_product_planning',
        "another user's product",
        { product_id: other.productId, lead_time_days: 1, safety_days: 1 },
        400,
        'Product not found.',
      ),
      rpcCase('running_out_soon', '10,000 rows', { max_rows: 10000 }, 400, 'Rows must be a whole number from 1 to 50.'),
    ];
    expect(await runCases(s, fixture, list)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    console.log(`hostile-input planning [${kind}]: ${list.length} inputs tried, all answered as expected`);
  });

  it("channels: 10,001 components, 2.5 units, NaN buffers, 1,000 platforms, huge aliases and another user's ids get 4xx and write nothing", async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const other = await makeFixture(s);
    const combo = (components: unknown, sku = 'PACK-1') => ({
      sku,
      product_name: 'Hostile pack',
      category: null,
      selling_price: 100,
      components,
    });
    const part = (product_id: unknown, quantity: unknown) => [{ product_id, quantity }];
    const list: Case[] = [
      rpcCase(
        'create_combo',
        '10,001 components',
        combo(Array.from({ length: 10001 }, () => ({ product_id: fixture.productId, quantity: 1 }))),
        400,
        'A combo can have at most 50 products; this one has 10001.',
      ),
      rpcCase(
        'create_combo',
        'a quantity of 2.5',
        combo(part(fixture.productId, 2.5)),
        400,
        'Quantity must be a whole number.',
      ),
      rpcCase(
        'create_combo',
        'a quantity of NaN',
        combo(part(fixture.productId, 'NaN')),
        400,
        'Quantity must be a number.',
      ),
      rpcCase(
        'create_combo',
        'a quantity of 0',
        combo(part(fixture.productId, 0)),
        400,
        'Quantity must be at least 1.',
      ),
      rpcCase('create_combo', "another user's product", combo(part(other.productId, 1)), 400, 'Product not found.'),
      rpcCase(
        'create_combo',
        'a product id that is SQL',
        combo(part("' or 1=1 --", 1)),
        400,
        'Each combo line needs a product.',
      ),
      rpcCase(
        'create_combo',
        'components an object',
        combo({ product_id: fixture.productId }),
        400,
        'A combo needs at least one product.',
      ),
      rpcCase(
        'set_sku_alias',
        'a 100,000-character alias',
        { product_id: fixture.productId, platform: 'Amazon', alias: 'A'.repeat(100_000) },
        400,
        'Marketplace SKU must be at most 100 characters.',
      ),
      rpcCase(
        'set_sku_alias',
        'platform number 1,000',
        { product_id: fixture.productId, platform: 'Platform 1000', alias: 'X-1' },
        400,
        'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.',
      ),
      rpcCase(
        'set_sku_alias',
        "another user's product",
        { product_id: other.productId, platform: 'Amazon', alias: 'X-1' },
        400,
        'Product not found.',
      ),
      rpcCase(
        'set_channel_buffer',
        'NaN units',
        { platform: 'Amazon', buffer_units: 'NaN', buffer_percent: 0 },
        400,
        'Buffer units must be a number.',
      ),
      rpcCase(
        'set_channel_buffer',
        'NaN percent',
        { platform: 'Amazon', buffer_units: 0, buffer_percent: 'NaN' },
        400,
        'Buffer percent must be a number.',
      ),
      rpcCase(
        'set_channel_buffer',
        '2.5 units',
        { platform: 'Amazon', buffer_units: 2.5, buffer_percent: 0 },
        400,
        'Buffer units must be a whole number.',
      ),
      rpcCase(
        'set_channel_buffer',
        '101 percent',
        { platform: 'Amazon', buffer_units: 0, buffer_percent: 101 },
        400,
        'Buffer percent must be at most 100.',
      ),
      rpcCase(
        'record_stock_file',
        '10,001 rows',
        { platform: 'Amazon', rows: Array.from({ length: 10001 }, (_, i) => ({ alias: `A-${i}`, quantity: 1 })) },
        400,
        'A stock file can have at most 10000 rows; this one has 10001.',
      ),
      rpcCase(
        'record_stock_file',
        'a quantity of 2.5',
        { platform: 'Amazon', rows: [{ alias: 'A-1', quantity: 2.5 }] },
        400,
        'Each quantity must be a whole number from 0.',
      ),
      rpcCase(
        'record_stock_file',
        'a huge alias',
        { platform: 'Amazon', rows: [{ alias: 'A'.repeat(100_000), quantity: 1 }] },
        400,
        'Each row needs an alias (1 to 100 characters) and a quantity.',
      ),
      rpcCase(
        'available_to_sell',
        'platform number 1,000',
        { platform: 'Platform 1000' },
        400,
        'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.',
      ),
      rpcCase(
        'set_sell_what_i_can_make',
        "another user's product",
        { product_id: other.productId, sell_what_i_can_make: true },
        400,
        'Product not found.',
      ),
    ];
    expect(await runCases(s, fixture, list)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    console.log(`hostile-input channels [${kind}]: ${list.length} inputs tried, all answered as expected`);
  });

  it("GST: 10,001 order ids, another user's orders, 2.5 units, NaN rates, bad GSTINs and months get 4xx and write nothing", async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const other = await makeFixture(s);
    await rpcOk(fixture.user, 'set_business_profile', {
      legal_name: 'Hostile Textiles',
      address: 'Pune',
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      invoice_prefix: 'HT',
    });
    await rpcOk(fixture.user, 'set_item_tax', { product_id: fixture.productId, hsn_code: '6205', gst_rate: 5 });
    const web = await rpcOk<{ id: string }>(fixture.user, 'log_sale', {
      product_id: fixture.productId,
      quantity: 1,
      platform: 'Brand Website',
    });
    const uninvoiced = await rpcOk<{ id: string }>(fixture.user, 'log_sale', {
      product_id: fixture.productId,
      quantity: 1,
      platform: 'Other',
    });
    const invoice = await rpcOk<{ invoice_id: string }>(fixture.user, 'create_invoice', {
      order_ids: [web.id],
      buyer_name: 'Walk-in',
      buyer_state_code: '27',
    });
    const { rows } = await superuser(s).query<{ id: string }>(
      'select id from public.invoice_lines where invoice_id = $1',
      [invoice.invoice_id],
    );
    const lineId = rows[0]!.id;
    const otherWeb = await rpcOk<{ id: string }>(other.user, 'log_sale', {
      product_id: other.productId,
      quantity: 1,
      platform: 'Brand Website',
    });
    const invoiceArgs = (order_ids: unknown, extra: Record<string, unknown> = {}) => ({
      order_ids,
      buyer_name: 'Walk-in',
      buyer_state_code: '27',
      ...extra,
    });
    const credit = (line: Record<string, unknown>) => ({
      invoice_id: invoice.invoice_id,
      lines: [{ invoice_line_id: lineId, ...line }],
    });
    const tax = (extra: Record<string, unknown>) => ({ product_id: fixture.productId, hsn_code: '6205', ...extra });
    const RATE_MESSAGE = 'GST rate must be one of 0, 0.25, 3, 5, 18 or 40 (12 and 28 ended on 21 September 2025).';
    const list: Case[] = [
      rpcCase(
        'create_invoice',
        '10,001 order ids',
        invoiceArgs(Array.from({ length: 10001 }, () => crypto.randomUUID())),
        400,
        'An invoice can list at most 100 orders; this has 10001.',
      ),
      rpcCase('create_invoice', "another user's order", invoiceArgs([otherWeb.id]), 400, 'Sales order not found.'),
      rpcCase(
        'create_invoice',
        "an own order and another user's",
        invoiceArgs([uninvoiced.id, otherWeb.id]),
        400,
        'Sales order not found.',
      ),
      rpcCase(
        'create_invoice',
        'a 1 MB buyer name',
        invoiceArgs([uninvoiced.id], { buyer_name: MB }),
        400,
        'Buyer name must be at most 200 characters.',
      ),
      rpcCase(
        'create_invoice',
        'a state code of NaN',
        invoiceArgs([uninvoiced.id], { buyer_state_code: 'NaN' }),
        400,
        'Unknown state code NaN.',
      ),
      rpcCase(
        'create_invoice',
        'a GSTIN that is SQL',
        invoiceArgs([uninvoiced.id], { buyer_gstin: SQL_TEXTS[1] }),
        400,
        `GSTIN ${SQL_TEXTS[1]!.trim()} is not valid.`,
      ),
      rpcCase(
        'create_invoice',
        'a marketplace order',
        invoiceArgs([fixture.saleId]),
        400,
        'The order of Hostile kurta is a Flipkart sale: the marketplace invoices its buyer. Only Brand Website, Ajio and Other orders are invoiced here.',
      ),
      rpcCase('create_credit_note', '2.5 units', credit({ quantity: 2.5 }), 400, 'Quantity must be a whole number.'),
      rpcCase('create_credit_note', 'an amount of NaN', credit({ amount: 'NaN' }), 400, 'Amount must be a number.'),
      rpcCase(
        'create_credit_note',
        'an amount of 1e9',
        credit({ amount: 1e9 }),
        400,
        /^At most \d+\.\d\d of Hostile kurta can still be credited\.$/,
      ),
      rpcCase(
        'create_credit_note',
        'a quantity and an amount',
        credit({ quantity: 1, amount: 1 }),
        400,
        'Credit Hostile kurta by a quantity returned or by an amount, not both.',
      ),
      rpcCase(
        'create_credit_note',
        '10,001 lines',
        {
          invoice_id: invoice.invoice_id,
          lines: Array.from({ length: 10001 }, () => ({ invoice_line_id: lineId, amount: 1 })),
        },
        400,
        'A credit note has at most 100 lines; this has 10001.',
      ),
      rpcCase(
        'create_credit_note',
        "another user's invoice line id",
        { invoice_id: invoice.invoice_id, lines: [{ invoice_line_id: crypto.randomUUID(), amount: 1 }] },
        400,
        'That line is not on this invoice.',
      ),
      rpcCase('set_item_tax', 'a rate of NaN', tax({ gst_rate: 'NaN' }), 400, 'GST rate must be a number.'),
      rpcCase('set_item_tax', 'a rate of 2.5', tax({ gst_rate: 2.5 }), 400, RATE_MESSAGE),
      rpcCase('set_item_tax', 'a rate of 28 (ended)', tax({ gst_rate: 28 }), 400, RATE_MESSAGE),
      rpcCase(
        'set_item_tax',
        'an HSN code that is SQL',
        tax({ hsn_code: SQL_TEXTS[0], gst_rate: 5 }),
        400,
        'HSN code must be 4, 6 or 8 digits.',
      ),
      rpcCase(
        'set_item_tax',
        'a rule that is a list',
        tax({ rate_rule: [2500, 5, 18] }),
        400,
        'Rate rule must be {"up_to": price, "rate": rate, "above": rate}.',
      ),
      rpcCase(
        'set_item_tax',
        'a rule of Infinity',
        tax({ rate_rule: { up_to: 'Infinity', rate: 5, above: 18 } }),
        400,
        'Rate rule price must be a number.',
      ),
      rpcCase(
        'set_item_tax',
        "another user's product",
        { product_id: other.productId, hsn_code: '6205', gst_rate: 5 },
        400,
        'Product not found.',
      ),
      rpcCase(
        'set_business_profile',
        'a 1 MB address',
        { legal_name: 'X', address: MB, gstin: '27AAPFU0939F1ZV', state_code: '27', invoice_prefix: 'X' },
        400,
        'Address must be at most 500 characters.',
      ),
      rpcCase(
        'set_business_profile',
        'a 1 MB GSTIN',
        { legal_name: 'X', address: 'Y', gstin: MB, state_code: '27', invoice_prefix: 'X' },
        400,
        `GSTIN ${'x'.repeat(100)} is not valid.`,
      ),
      rpcCase(
        'set_operator_gstin',
        'a 1 MB GSTIN',
        { platform: 'Amazon', gstin: MB },
        400,
        `GSTIN ${'x'.repeat(100)} is not valid.`,
      ),
      rpcCase(
        'set_operator_gstin',
        'a GSTIN that is SQL',
        { platform: 'Amazon', gstin: SQL_TEXTS[1] },
        400,
        `GSTIN ${SQL_TEXTS[1]!.trim()} is not valid.`,
      ),
      rpcCase(
        'set_operator_gstin',
        "a taxpayer's GSTIN, not an operator's",
        { platform: 'Amazon', gstin: '27AAPFU0939F1ZV' },
        400,
        "GSTIN 27AAPFU0939F1ZV is not an e-commerce operator's: an operator's GSTIN for TCS has C as its 14th character.",
      ),
      rpcCase(
        'set_operator_gstin',
        'the brand website',
        { platform: 'Brand Website', gstin: '27AAICA3918J1CT' },
        400,
        'Brand Website sales are not made through an e-commerce operator: only Flipkart, Myntra, Amazon and Meesho take an operator GSTIN.',
      ),
      rpcCase(
        'set_operator_gstin',
        'platform unknown',
        { platform: 'Nykaa', gstin: '27AAICA3918J1CT' },
        400,
        PLATFORM_MESSAGE,
      ),
      rpcCase(
        'set_operator_gstin',
        'a user_id argument',
        { platform: 'Amazon', gstin: '27AAICA3918J1CT', user_id: crypto.randomUUID() },
        404,
        /set_operator_gstin/,
      ),
      rpcCase(
        'gstr1_summary',
        'a month that is SQL',
        { month: "2025-10'; --" },
        400,
        'Month must be YYYY-MM, for example 2025-10.',
      ),
      rpcCase('input_tax', 'month 2025-00', { month: '2025-00' }, 400, 'Month must be YYYY-MM, for example 2025-10.'),
      rpcCase(
        'receive_material',
        'a GST rate of NaN',
        { material_id: fixture.materialId, quantity: 1, unit_cost: 1, gst_rate: 'NaN' },
        400,
        'GST rate must be a number.',
      ),
      rpcCase(
        'receive_material',
        'GST paid in fractions of a paisa',
        { material_id: fixture.materialId, quantity: 1, gst_paid: 2.555 },
        400,
        'GST paid can have at most 2 decimal places.',
      ),
      {
        // A buyer state naming no state is the report's, not a refusal: the sale's place of supply
        // is unknown (issue 42), for GSTR-1 to list apart; the text is only compared, never run.
        name: 'import_sales_orders: a buyer state that is SQL',
        route: '/rest/v1/rpc/import_sales_orders',
        method: 'POST',
        body: {
          platform: 'Amazon',
          lines: [
            {
              external_order_id: 'H-1',
              order_date: '2025-11-01',
              sku: `SKU-${fixture.productName}`,
              quantity: 1,
              total_amount: 100,
              buyer_state: SQL_TEXTS[1],
            },
          ],
        },
        accepted: async (answer, stack, owner) => {
          expect(answer).toEqual({ created: 1, skipped: 0 });
          const sale = await stack.db?.query<{ place_of_supply: string | null }>(
            "select place_of_supply from public.sales_orders where user_id = $1 and external_order_id = 'H-1'",
            [owner.user.id],
          );
          if (sale) expect(sale.rows).toEqual([{ place_of_supply: null }]);
        },
      },
    ];
    expect(await runCases(s, fixture, list)).toEqual([]);
    expect(await ledgerProblems(s, fixture.user.id)).toEqual([]);
    console.log(`hostile-input GST [${kind}]: ${list.length} inputs tried, all answered as expected`);
  });

  it('answers a 300-deep not.and( logic tree with 200 [] or a clear 400 PGRST100, not 26000', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const response = await request(
      s,
      fixture.user.token,
      `/rest/v1/products?or=(${'not.and('.repeat(300)}sku.eq.1${')'.repeat(300)})`,
    );
    const answer = { status: response.status, body: await response.json() };
    if (answer.status === 200) expect(answer.body).toEqual([]);
    else expect(answer).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
  });

  // Found by this suite (fixed in 814aaa1): `check (selling_price > 0)` and `check (cost_per_unit
  // >= 0)` hold for NaN in Postgres (NaN sorts above every number), so an owner's PATCH stored NaN
  // and the next log_sale recorded a NaN total_amount that poisoned the dashboard revenue. Edits
  // now go through update_product/update_raw_material, which refuse NaN by name; PATCH is closed.
  it('owner edits refuse "NaN" as a price, a cost or a reorder point (check constraints let NaN through)', async () => {
    const s = stack();
    const fixture = await makeFixture(s);
    const nan = (fn: string, args: Record<string, unknown>, column: string, message: string): Case =>
      rpcCase(fn, `${column} "NaN"`, { ...args, [column]: 'NaN' }, 400, message);
    const product = {
      product_id: fixture.productId,
      sku: `SKU-${fixture.productName}`,
      product_name: fixture.productName,
      category: null,
      selling_price: 100,
      reorder_point: 0,
    };
    const material = {
      material_id: fixture.materialId,
      material_name: 'Hostile cotton',
      supplier: null,
      cost_per_unit: 1,
      unit_of_measure: 'units',
      reorder_point: 0,
    };
    expect(
      await runCases(s, fixture, [
        nan('update_product', product, 'selling_price', 'Selling price must be a number.'),
        nan('update_raw_material', material, 'cost_per_unit', 'Cost per unit must be a number.'),
        nan('update_raw_material', material, 'reorder_point', 'Reorder point must be a number.'),
        {
          ...rpcCase('patch', 'products selling_price "NaN"', {}, 403, /permission denied/),
          route: `/rest/v1/products?id=eq.${fixture.productId}`,
          method: 'PATCH',
          body: { selling_price: 'NaN' },
        },
      ]),
    ).toEqual([]);
  });
});
