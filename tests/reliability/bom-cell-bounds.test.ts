/**
 * A catalogue file's BOM cell is read in time linear in its length and lists at most
 * MAX_BOM_MATERIALS materials. A hostile cell of 10,000 entries (`Cotton: 1; Cotton: 1; …`), which
 * used to take the whole 8 s statement timeout and end in a 500 (57014), is refused at once with a
 * 400 naming its row, even twenty at a time; a cell at the bound is read and imported quickly; and
 * create_product refuses a longer BOM list with the same sentence.
 */
import { expect, it } from 'vitest';
import { describeStack } from '../contract/harness';
import { rpc, rpcOk, signIn, type User } from './support';

/** supabase/schemas/01_validation.sql, private.require_bom_size. */
const MAX_BOM_MATERIALS = 200;
const tooMany = (count: number) => `A BOM can list at most ${MAX_BOM_MATERIALS} materials; this one lists ${count}.`;
/** The authenticated role's statement timeout (stack/sql/platform.sql, as on Supabase). */
const STATEMENT_TIMEOUT_MS = 8_000;
/** "Quickly": well under the statement timeout, with room for a loaded 2-core machine. */
const QUICK_MS = STATEMENT_TIMEOUT_MS / 4;

const product = (sku: string, bom: string) => ({ sku, product_name: sku, selling_price: '100', bom });

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describeStack('a catalogue BOM cell', (stack) => {
  let user: User;

  it('of 10,000 entries is refused at once with a 400 naming its row, not a statement timeout', async () => {
    user = await signIn(stack());
    await rpcOk(user, 'create_raw_material', { material_name: 'Cotton' });
    const cell = Array.from({ length: 10_000 }, () => 'Cotton: 1').join('; ');

    const { result, ms } = await timed(() =>
      rpc(user, 'import_products', { rows: [product('OK-1', 'Cotton: 1'), product('HOSTILE-1', cell)] }),
    );
    expect(result.error).toMatchObject({ code: 'P0001', message: `Row 3: ${tooMany(10_000)}` });
    expect(result.status).toBe(400);
    expect(ms).toBeLessThan(QUICK_MS);

    // The dry run the import screen shows: the same sentence on that row alone.
    const preview = await rpc<{ row_number: number; message: string | null }[]>(user, 'import_products', {
      rows: [product('OK-1', 'Cotton: 1'), product('HOSTILE-1', cell)],
      dry_run: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.data).toEqual([
      { row_number: 2, message: null },
      { row_number: 3, message: tooMany(10_000) },
    ]);
    expect(await rpcOk(user, 'list_products', {})).toMatchObject({ total: 0 });
  });

  it('of 10,000 entries sent twenty at a time by one user: every call refused quickly', async () => {
    const cell = Array.from({ length: 10_000 }, () => 'Cotton: 1').join('; ');
    const { result, ms } = await timed(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) => rpc(user, 'import_products', { rows: [product(`HOSTILE-${i}`, cell)] })),
      ),
    );
    for (const outcome of result) {
      expect(outcome.status).toBe(400);
      expect(outcome.error?.message).toBe(`Row 2: ${tooMany(10_000)}`);
    }
    expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS);
  });

  it(`of ${MAX_BOM_MATERIALS} distinct materials is read quickly and imported`, async () => {
    const names = Array.from({ length: MAX_BOM_MATERIALS }, (_, i) => `Part ${i + 1}`);
    await rpcOk(user, 'import_raw_materials', { rows: names.map((material_name) => ({ material_name })) });
    const cell = names.map((name, i) => `${name}: ${(i + 1) / 1000}`).join('; ');

    const { result, ms } = await timed(() => rpc(user, 'import_products', { rows: [product('FULL-1', cell)] }));
    expect(result.error).toBeNull();
    expect(result.data).toEqual([{ row_number: 2, message: null }]);
    expect(ms).toBeLessThan(QUICK_MS);

    const { data: bom, error } = await user.client.from('bom_items').select('quantity, raw_materials(material_name)');
    expect(error).toBeNull();
    expect(bom).toHaveLength(MAX_BOM_MATERIALS);
    const byName = new Map(
      (bom as unknown as { quantity: number; raw_materials: { material_name: string } }[]).map((row) => [
        row.raw_materials.material_name,
        Number(row.quantity),
      ]),
    );
    expect(byName.get('Part 1')).toBe(0.001);
    expect(byName.get(`Part ${MAX_BOM_MATERIALS}`)).toBe(MAX_BOM_MATERIALS / 1000);

    // One more entry is one too many.
    const over = await rpc(user, 'import_products', { rows: [product('FULL-2', `${cell}; Cotton: 1`)] });
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe(`Row 2: ${tooMany(MAX_BOM_MATERIALS + 1)}`);
  });

  it(`given to create_product as a list of more than ${MAX_BOM_MATERIALS} is refused with the same sentence`, async () => {
    const { data: materials } = await user.client.from('raw_materials').select('id').order('material_name');
    const ids = (materials as { id: string }[]).map((m) => m.id);
    expect(ids.length).toBeGreaterThan(MAX_BOM_MATERIALS);
    const outcome = await rpc(user, 'create_product', {
      sku: 'FORM-1',
      product_name: 'Form',
      selling_price: 100,
      bom: ids.map((material_id) => ({ material_id, quantity: 1 })),
    });
    expect(outcome.status).toBe(400);
    expect(outcome.error?.message).toBe(tooMany(ids.length));
  });
});
