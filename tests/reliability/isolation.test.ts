/**
 * Two anonymous users on one stack: the second tries every way the API offers to read, filter,
 * change, call and subscribe to the first one's data. Every attempt must be refused (4xx) or come
 * back empty, the first user's rows must be byte-for-byte unchanged, and no realtime event of the
 * first user may reach the second. Each area's tables and attacks are a file of isolation/.
 */
import { expect, it } from 'vitest';
import { describeStack, type TestStack } from '../contract/harness';
import {
  countRows,
  createMaterial,
  createProduct,
  LIVE_TABLES,
  RawRealtime,
  rpc,
  rpcOk,
  snapshotOf,
  superuser,
  TABLES,
  TABLES_WITHOUT_AREA,
  type Binding,
} from './support';
import { Attempts, populate, type IsolationArea, type Owner, type TableCase } from './isolation/support';

/** Every area's cases, one file each in isolation/ (support.ts holds what they share). */
const areaFiles = import.meta.glob<{ default: IsolationArea }>(['./isolation/*.ts', '!./isolation/support.ts'], {
  eager: true,
});
const areas = Object.entries(areaFiles).map(([file, { default: area }]) => ({ file, ...area }));
const tableCases: Record<string, TableCase> = Object.assign({}, ...areas.map((area) => area.tables));

describeStack('isolation between two anonymous users', (stack, kind) => {
  const scenes = new WeakMap<TestStack, Promise<{ first: Owner; second: Owner }>>();
  function scene(s: TestStack) {
    let made = scenes.get(s);
    if (!made) {
      // Fees on different platforms, so a filter on the first user's platform matches no own row.
      made = (async () => ({
        first: await populate(s, 'First', 'Flipkart'),
        second: await populate(s, 'Second', 'Myntra'),
      }))();
      scenes.set(s, made);
    }
    return made;
  }

  it("the second user reads, filters, changes and calls nothing of the first user's, over HTTP", async () => {
    const { first, second } = await scene(stack());
    const before = await snapshotOf(stack(), first.user.id);
    const rowsBefore = await countRows(stack());
    // Every table is one area's, and each area's file is here.
    expect(areas.flatMap((area) => Object.keys(area.tables)).sort()).toEqual([...TABLES].sort());
    // Every table of public that holds users' rows is attacked, or named as not yet.
    const { rows: owned } = await superuser(stack()).query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped)`,
    );
    expect([...TABLES, ...TABLES_WITHOUT_AREA].sort()).toEqual(owned.map((table) => table.name).sort());
    const db = second.user.client;
    const anon = stack().newClient();
    // The first user's id and every row id of theirs.
    const { user: _user, ...rowIds } = first;
    const attempts = new Attempts([first.user.id, ...Object.values(rowIds)]);

    for (const table of TABLES) {
      const { key: keyOf, row: rowOf, edit } = tableCases[table]!;
      const [key, value] = keyOf(first, before);
      const rowFor = () => rowOf(first, first.user.id);
      await attempts.read(`${table}: select all`, () => db.from(table).select('*'), 'own');
      await attempts.read(`${table}: ${key}=eq`, () => db.from(table).select('*').eq(key, value), 'none');
      await attempts.read(`${table}: ${key}=in`, () => db.from(table).select('*').in(key, [value]), 'none');
      await attempts.read(
        `${table}: user_id=eq`,
        () => db.from(table).select('*').eq('user_id', first.user.id),
        'none',
      );
      await attempts.read(
        `${table}: or(user_id, ${key})`,
        () => db.from(table).select('*').or(`user_id.eq.${first.user.id},${key}.eq.${value}`),
        'none',
      );
      await attempts.read(
        `${table}: not user_id=eq (own)`,
        () => db.from(table).select('*').not('user_id', 'eq', second.user.id),
        'none',
      );
      await attempts.read(
        `${table}: HEAD count`,
        () => db.from(table).select('*', { count: 'exact', head: true }).eq('user_id', first.user.id),
        'none',
      );
      await attempts.read(`${table}: anon select`, () => anon.from(table).select('*'), 'none');
      await attempts.write(`${table}: update by ${key}`, () => db.from(table).update(edit).eq(key, value).select());
      await attempts.write(`${table}: update by user_id`, () =>
        db.from(table).update(edit).eq('user_id', first.user.id).select(),
      );
      await attempts.write(`${table}: take over (user_id)`, () =>
        db.from(table).update({ user_id: second.user.id }).eq(key, value).select(),
      );
      await attempts.write(`${table}: delete by ${key}`, () => db.from(table).delete().eq(key, value).select());
      await attempts.write(`${table}: delete by user_id`, () =>
        db.from(table).delete().eq('user_id', first.user.id).select(),
      );
      await attempts.write(`${table}: upsert merge`, () => db.from(table).upsert(rowFor()).select());
      await attempts.write(`${table}: upsert ignore`, () =>
        db.from(table).upsert(rowFor(), { ignoreDuplicates: true }).select(),
      );
      await attempts.write(`${table}: insert as the first user`, () => {
        const { id: _id, ...row } = rowFor();
        return db.from(table).insert(row).select();
      });
    }

    const ways = {
      stack: stack(),
      first,
      second,
      db,
      as: (fn: string, args: Record<string, unknown>) => () => rpc(second.user, fn, args),
    };
    for (const area of areas) {
      const made = attempts.count;
      await area.attack(ways, attempts);
      expect(attempts.count - made, `${area.file} makes the attempts it declares`).toBe(area.attempts);
    }

    expect(attempts.violations).toEqual([]);
    expect(await snapshotOf(stack(), first.user.id)).toEqual(before);
    expect(await countRows(stack())).toEqual(rowsBefore);
    // 16 requests on each table, then each area's own attempts.
    expect(attempts.count).toBe(16 * TABLES.length + areas.reduce((sum, area) => sum + area.attempts, 0));
    console.log(`isolation [${kind}] over HTTP: ${attempts.count} attempts, all refused or empty`);
  });

  it("the second user's realtime subscriptions get none of the first user's changes", async () => {
    const { first, second } = await scene(stack());
    const spy = await RawRealtime.open(stack());
    const owner = await RawRealtime.open(stack());
    try {
      const bindings: Binding[] = [{ event: '*', schema: 'public' }];
      for (const table of LIVE_TABLES) {
        bindings.push({ event: '*', schema: 'public', table });
        bindings.push({ event: '*', schema: 'public', table, filter: `user_id=eq.${first.user.id}` });
      }
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        bindings.push({ event, schema: 'public', table: 'products', filter: `user_id=eq.${first.user.id}` });
      }
      bindings.push(
        { event: '*', schema: 'public', table: 'products', filter: `id=eq.${first.productId}` },
        { event: '*', schema: 'public', table: 'raw_materials', filter: `id=in.(${first.materialId})` },
        { event: '*', schema: 'public', table: 'sales_orders', filter: `product_id=eq.${first.productId}` },
        { event: '*', schema: 'public', table: 'manufacturing_orders', filter: `id=eq.${first.openOrderId}` },
        { event: '*', schema: 'public', table: 'sales_orders', filter: `id=eq.${first.saleId}` },
      );
      // One channel, so the server delivers its events in commit order.
      const joined = await spy.join('spy', bindings, second.user.token);
      expect(joined.status).toBe('ok');
      expect((joined.response.postgres_changes as unknown[]).length).toBe(bindings.length);
      expect(await spy.subscribed('spy')).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });

      // The first user's own subscription: proof that their changes do produce events.
      expect(
        (
          await owner.join(
            'own',
            [{ event: '*', schema: 'public', table: 'products', filter: `user_id=eq.${first.user.id}` }],
            first.user.token,
          )
        ).status,
      ).toBe('ok');
      expect(await owner.subscribed('own')).toMatchObject({ status: 'ok' });

      // The first user changes every live table.
      const materialId = await createMaterial(first.user, 'First linen', 50);
      const productId = await createProduct(first.user, 'First scarf', 4, [{ material_id: materialId, quantity: 1 }]);
      await rpcOk(first.user, 'set_platform_fees', {
        platform: 'Amazon',
        commission_percent: 8,
        fee_per_order: 0,
        shipping_per_order: 0,
      });
      await rpcOk(first.user, 'log_sale', { product_id: first.productId, quantity: 1 });
      await rpcOk(first.user, 'fulfil_sales_order', { order_id: first.saleId });
      const run = await rpcOk<{ id: string }>(first.user, 'start_production', {
        product_id: productId,
        quantity_to_produce: 1,
      });
      await rpcOk(first.user, 'complete_production', { order_id: run.id });
      await rpcOk(first.user, 'complete_production', { order_id: first.openOrderId });
      await rpcOk(first.user, 'receive_material', { material_id: materialId, quantity: 3, unit_cost: 12 });
      await rpcOk(first.user, 'adjust_stock', { product_id: productId, counted: 2, note: 'Count' });
      const cancelled = await rpcOk<{ id: string }>(first.user, 'log_sale', {
        product_id: first.productId,
        quantity: 1,
      });
      await rpcOk(first.user, 'cancel_sales_order', { order_id: cancelled.id });
      await rpcOk(first.user, 'return_sales_order', { order_id: first.saleId, restock: true });
      await rpcOk(first.user, 'update_claim', { claim_id: first.claimId, status: 'Filed' });
      const stopped = await rpcOk<{ id: string }>(first.user, 'start_production', {
        product_id: productId,
        quantity_to_produce: 1,
      });
      await rpcOk(first.user, 'cancel_manufacturing_order', { order_id: stopped.id });
      await rpcOk(first.user, 'update_raw_material', {
        material_id: materialId,
        material_name: 'First linen v2',
        supplier: null,
        cost_per_unit: 11,
        unit_of_measure: 'm',
        reorder_point: 1,
      });
      await rpcOk(first.user, 'archive_item', { material_id: materialId });
      await rpcOk(first.user, 'update_product', {
        product_id: first.productId,
        sku: 'SKU-First shirt',
        product_name: 'First shirt v2',
        category: null,
        selling_price: 100,
        reorder_point: 0,
        bom: [],
      });
      await rpcOk(first.user, 'update_style', {
        style_id: first.styleId,
        style_name: 'First kurta v2',
        category: null,
        bom: [],
      });
      await rpcOk(first.user, 'add_style_variants', {
        style_id: first.styleId,
        options: [{ name: 'Size', values: ['L'] }],
      });
      await rpcOk(first.user, 'start_production_batch', {
        runs: [{ product_id: first.variantId, quantity_to_produce: 1 }],
      });
      await rpcOk(first.user, 'update_supplier', { supplier_id: first.supplierId, supplier_name: 'First Mills v2' });
      await rpcOk(first.user, 'set_purchase_unit', {
        material_id: first.materialId,
        supplier_id: first.supplierId,
        purchase_unit: 'bolts',
        units_per_purchase_unit: 25,
      });
      await rpcOk(first.user, 'receive_purchase_order', {
        po_id: first.purchaseOrderId,
        lines: [{ line_id: first.purchaseLineId, quantity: 1 }],
      });
      await rpcOk(first.user, 'cancel_purchase_order', { po_id: first.purchaseOrderId });
      await owner.nextChange(
        'own',
        (e) => e.data.record?.product_name === 'First shirt v2',
        "the first user's own event",
      );

      // Then the second user changes a row of their own: once its event arrives, any event of the
      // first user's would have arrived before it.
      const sentinel = `Second shirt ${crypto.randomUUID()}`;
      await rpcOk(second.user, 'update_product', {
        product_id: second.productId,
        sku: 'SKU-Second shirt',
        product_name: sentinel,
        category: null,
        selling_price: 100,
        reorder_point: 0,
      });
      await spy.nextChange('spy', (e) => e.data.record?.product_name === sentinel, "the second user's own event");

      const leaked = spy.changes('spy').filter((e) => (e.data.record ?? e.data.old_record)?.user_id !== second.user.id);
      expect(leaked).toEqual([]);
      const attempts = 1 + bindings.length;
      // The join itself, then one attempt per binding: 1 all-tables, 2 per live table, 3 per event, 5 by id.
      expect(attempts).toBe(1 + 1 + 2 * LIVE_TABLES.length + 3 + 5);
      console.log(`isolation [${kind}] over realtime: ${attempts} attempts, all refused or empty`);
    } finally {
      spy.close();
      owner.close();
    }
  });

  it("the sales order list's search and filters return only the caller's rows and take any text literally", async () => {
    const { first, second } = await scene(stack());
    const before = await snapshotOf(stack(), first.user.id);
    // Orders of products whose names and SKUs hold every character LIKE, PostgREST filters and SQL
    // give a meaning to, and decoys that a wildcard would match.
    const names = [
      `50% off_tee *star* "quoted" it's, (paren) back\\slash`,
      '50X offXtee xstarx quoted its paren backslash',
      'Ünïcode 漢字 🧵 kurta',
    ];
    for (const name of names) {
      const productId = await createProduct(second.user, name, 10);
      await rpcOk(second.user, 'log_sale', { product_id: productId, quantity: 1, platform: 'Amazon' });
    }
    const own = await second.user.client.from('sales_orders').select('id, product_name, products(sku)');
    expect(own.error).toBeNull();
    const ownOrders = own.data as unknown as { id: string; product_name: string; products: { sku: string } }[];

    type ListPage = { total: number; rows: { id: string; user_id: string; product_name: string; platform: string }[] };
    const list = async (args: Record<string, unknown>) => {
      const { data, error, status } = await second.user.client.rpc('list_sales_orders', { page_size: 1000, ...args });
      expect({ error, status }, JSON.stringify(args).slice(0, 200)).toEqual({ error: null, status: 200 });
      return data as ListPage;
    };
    const ids = (page: ListPage) => page.rows.map((row) => row.id).sort();

    // Unfiltered, and filtered on what the first user's rows hold: only the caller's rows.
    const all = await list({});
    expect(all.total).toBe(ownOrders.length);
    expect(ids(all)).toEqual(ownOrders.map((order) => order.id).sort());
    for (const args of [
      { search: 'First shirt' },
      { search: 'SKU-First' },
      { search: first.user.id },
      { platform: 'Flipkart' },
      { status: 'Unfulfilled' },
      { date_from: '2000-01-01T00:00:00Z', date_to: '2100-01-01T00:00:00Z' },
    ]) {
      const page = await list(args);
      expect(
        page.rows.every((row) => row.user_id === second.user.id),
        JSON.stringify(args),
      ).toBe(true);
      expect(page.rows.map((row) => row.id)).not.toContain(first.saleId);
      expect(page.total).toBe(page.rows.length);
    }

    // Hostile searches are searched for as typed: exactly the own orders whose product name holds
    // the text or whose SKU starts with it, and never an error. (Only ASCII letters change case
    // here: how a database folds other letters depends on its locale.)
    const hostile = [
      '%',
      '_',
      '*',
      "'",
      '"',
      ',',
      '(',
      ')',
      '\\',
      '50%',
      'off_tee',
      '*star*',
      `it's, (paren)`,
      '"quoted"',
      'back\\slash',
      '%_*,()\'"\\',
      '.or(user_id.neq.0)',
      'nïcode 漢字 🧵',
      '🧵',
      'x'.repeat(10_000),
      `${'%'.repeat(300)}`,
    ];
    for (const search of hostile) {
      const text = search.trim().toLowerCase();
      const expected = ownOrders
        .filter(
          (order) =>
            order.product_name.toLowerCase().includes(text) || order.products.sku.trim().toLowerCase().startsWith(text),
        )
        .map((order) => order.id)
        .sort();
      const page = await list({ search });
      expect(ids(page), `search ${JSON.stringify(search.slice(0, 40))}`).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
    // The products and materials lists the same way: own rows only, any text literally.
    const ownProducts = (await second.user.client.from('products').select('id, sku, product_name')).data!;
    const listItems = async (fn: 'list_products' | 'list_raw_materials', args: Record<string, unknown>) => {
      const { data, error, status } = await second.user.client.rpc(fn, {
        page_size: 1000,
        include_archived: true,
        ...args,
      });
      expect({ error, status }, `${fn} ${JSON.stringify(args).slice(0, 200)}`).toEqual({ error: null, status: 200 });
      return data as { total: number; rows: { id: string }[] };
    };
    expect((await listItems('list_products', {})).rows.map((row) => row.id).sort()).toEqual(
      ownProducts.map((p) => p.id).sort(),
    );
    expect((await listItems('list_products', { search: 'First shirt' })).total).toBe(0);
    expect((await listItems('list_raw_materials', { search: 'First' })).total).toBe(0);
    expect((await listItems('list_raw_materials', {})).rows.map((row) => row.id)).not.toContain(first.materialId);
    for (const search of hostile) {
      const text = search.trim().toLowerCase();
      const expected = ownProducts
        .filter(
          (product) => product.product_name.toLowerCase().includes(text) || product.sku.toLowerCase().includes(text),
        )
        .map((product) => product.id)
        .sort();
      const page = await listItems('list_products', { search });
      expect(page.rows.map((row) => row.id).sort(), `products search ${JSON.stringify(search.slice(0, 40))}`).toEqual(
        expected,
      );
      expect((await listItems('list_raw_materials', { search })).total).toBe(0);
    }

    // The wildcards really were literal: '50%' finds the one order and not its decoy.
    expect((await list({ search: '50%' })).rows.map((row) => row.product_name)).toEqual([names[0]]);

    // Out-of-range pages and sorts are refused with a message, not a 500.
    for (const args of [{ page_size: 0 }, { page_size: 1001 }, { page_offset: -1 }, { sort_by: 'user_id' }]) {
      const { error, status } = await second.user.client.rpc('list_sales_orders', args);
      expect(status, JSON.stringify(args)).toBe(400);
      expect(error?.code).toBe('22023');
    }
    expect(await snapshotOf(stack(), first.user.id)).toEqual(before);
  });
});
