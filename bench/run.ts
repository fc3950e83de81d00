/**
 * `npm run bench`: every benchmark, each comparing two things measured side by side in this run,
 * printed as one table and written with the machine and date to bench/RESULTS.md.
 * `npm run bench -- dashboard` runs only the sections whose name contains the word, and prints
 * without writing RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureAppLoad } from './app-load';
import { measureBomGraph } from './bom-graph';
import { measureDashboard } from './dashboard';
import { measureDashboardPanels } from './dashboard-panels';
import { measureImportOrders } from './import-orders';
import { startCluster } from './lib/cluster';
import { type BenchRow, renderTable } from './lib/report';
import { measureListPaging } from './list-paging';
import { measureLogSaleProfile } from './log-sale-profile';
import { measureLogSale } from './log-sale-throughput';
import { measureMillionOrders } from './million-orders';
import { measureRealtimeFanout } from './realtime-fanout';
import { measureRealtimeLatency } from './realtime-latency';
import { measureRestOverhead } from './rest-overhead';
import { measureSettlements } from './settlements';
import { measureStackStart } from './stack-start';

function describeMachine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const postgres = execFileSync('/usr/lib/postgresql/15/bin/postgres', ['--version'], {
    encoding: 'utf8',
  }).trim();
  const durability = process.env.DATABASE_URL ? 'the server of DATABASE_URL' : 'fsync and synchronous_commit on';
  return [
    `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory`,
    `${os.type()} ${os.release()}, Node ${process.version}, ${postgres} (${durability}), Chromium (Debian)`,
  ].join('; ');
}

// The figures are the product's only on a Node it supports (package.json engines; supabase-js needs
// 22): Node 20's fetch alone made a sale through the stack 0.3 ms slower.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`bench: Node ${process.version} is not supported; run the benchmarks on Node 22 or 24.`);
  process.exit(1);
}

const cluster = await startCluster();
const rows: BenchRow[] = [];
try {
  const sections: [string, () => Promise<BenchRow[]>][] = [
    ['dashboard', () => measureDashboard(cluster.url)],
    ['dashboard panels', () => measureDashboardPanels(cluster.url)],
    ['list paging', () => measureListPaging(cluster.url)],
    ['log_sale throughput', () => measureLogSale(cluster.url)],
    ['log_sale profile', () => measureLogSaleProfile(cluster.url)],
    ['order import', () => measureImportOrders(cluster.url)],
    ['a million orders', () => measureMillionOrders(cluster.url)],
    ['settlements', () => measureSettlements(cluster.url)],
    ['bom graph', () => measureBomGraph(cluster.url)],
    ['rest overhead', () => measureRestOverhead()],
    ['realtime latency', () => measureRealtimeLatency(cluster.url)],
    ['realtime fan-out', () => measureRealtimeFanout(cluster.url)],
    ['app load', () => measureAppLoad()],
    ['stack start', () => measureStackStart()],
  ];
  const only = process.argv[2];
  for (const [name, measure] of sections.filter(([name]) => !only || name.includes(only))) {
    process.stderr.write(`bench: ${name}…\n`);
    rows.push(...(await measure()));
  }
} finally {
  cluster.stop();
}

const table = renderTable(rows);
console.log(table);
if (process.argv[2]) process.exit(0);
const missed = rows.filter((row) => row.met === false);
writeFileSync(
  path.join(import.meta.dirname, 'RESULTS.md'),
  `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${describeMachine()}.

Every ratio compares two figures measured side by side in the same run; times are medians of at
least 5 runs. The machines are shared, so absolute times vary between runs; the ratios are the claim.

${table}

${missed.length === 0 ? 'Every target was met.' : `Missed targets: ${missed.map((row) => `${row.benchmark} (${row.measure})`).join('; ')}.`}
`,
);
