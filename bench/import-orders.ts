/**
 * A marketplace report of 5,000 order lines (the most one call takes) through supabase-js and the
 * local stack on a real Postgres: import_sales_orders (one transaction: every line a sale with its ledger row), the same
 * lines again (every one skipped as already imported), and preview_sales_orders_import (what the
 * dialog shows before the import). Target: the import in under 4 s, half the 8 s statement timeout
 * (the bound's headroom; issue 44).
 */
import { startStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms } from './lib/report';
import { median, timeRuns } from './lib/stats';

const LINES = 5_000;
const PRODUCTS = 50;
const RUNS = 3;
const TARGET_MS = 4_000;

export async function measureImportOrders(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_import_orders');
  const stack = await startStack({ ...BENCH_STACK, databaseUrl, dataDir: null });
  try {
    const client = benchClient(stack.url, stack.anonKey);
    const { error: authError } = await client.auth.signInAnonymously();
    if (authError) throw authError;
    for (let n = 0; n < PRODUCTS; n++) {
      const { error } = await client.rpc('create_product', {
        sku: `IMPORT-${n}`,
        product_name: `Import bench product ${n}`,
        selling_price: 299.5,
        stock_on_hand: 1_000_000,
      });
      if (error) throw error;
    }

    // A report as Amazon's reads once parsed: orders of one or two lines, amounts as charged.
    let run = 0;
    const report = (tag: string) =>
      Array.from({ length: LINES }, (_, n) => ({
        line: n + 2,
        external_order_id: `${tag}-${Math.floor(n / 2)}`,
        order_date: `2026-01-${String(1 + (n % 28)).padStart(2, '0')}T10:30:00+05:30`,
        sku: `IMPORT-${n % PRODUCTS}`,
        quantity: 1 + (n % 3),
        total_amount: (1 + (n % 3)) * 299.5,
      }));
    const importLines = async (lines: ReturnType<typeof report>, expected: { created: number; skipped: number }) => {
      const { data, error } = await client.rpc('import_sales_orders', { platform: 'Amazon', lines });
      if (error) throw error;
      const result = data as { created: number; skipped: number };
      if (result.created !== expected.created || result.skipped !== expected.skipped) {
        throw new Error(`import: expected ${JSON.stringify(expected)}, got ${JSON.stringify(result)}`);
      }
    };

    const lastReport = { lines: report('warm-up') };
    await importLines(lastReport.lines, { created: LINES, skipped: 0 }); // warm-up: plans, caches
    const imports = await timeRuns(RUNS, async () => {
      lastReport.lines = report(`run-${run++}`);
      await importLines(lastReport.lines, { created: LINES, skipped: 0 });
    });
    const reimports = await timeRuns(RUNS, () => importLines(lastReport.lines, { created: 0, skipped: LINES }));
    const previews = await timeRuns(RUNS, async () => {
      const { data, error } = await client.rpc('preview_sales_orders_import', {
        platform: 'Amazon',
        lines: report('preview'),
      });
      if (error) throw error;
      const previews = data as { outcome: string }[];
      const notNew = previews.find((row) => row.outcome !== 'new');
      if (previews.length !== LINES || notNew) throw new Error(`preview: not all new: ${JSON.stringify(notNew)}`);
    });

    const importMs = median(imports);
    return [
      {
        benchmark: 'order import',
        measure: `import_sales_orders, ${LINES.toLocaleString('en-IN')} new lines via the stack`,
        value: ms(importMs),
        target: `< ${TARGET_MS / 1000} s`,
        met: importMs < TARGET_MS,
      },
      {
        benchmark: 'order import',
        measure: `the same ${LINES.toLocaleString('en-IN')} lines again (all skipped)`,
        value: ms(median(reimports)),
      },
      {
        benchmark: 'order import',
        measure: `preview_sales_orders_import, ${LINES.toLocaleString('en-IN')} lines`,
        value: ms(median(previews)),
      },
    ];
  } finally {
    await stack.close();
  }
}
