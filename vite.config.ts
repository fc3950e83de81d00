import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './tests/support/sequencer.ts';

/**
 * The contract, reliability and end-to-end projects' globalSetup makes one migrated stack template
 * per run, which their files' throwaway embedded stacks copy instead of running initdb and every
 * migration (tests/support/stack-template.ts).
 *
 * Two groups, one after the other (Vitest needs one number of workers per group):
 *  0. every project but reliability-timed, three files at a time from one queue, the slowest kind
 *     first (tests/support/sequencer.ts). A 2-core machine is busy with Chromium most of the run;
 *     one queue lets the unit, stack, database and contract files fill the gaps the end-to-end
 *     files leave while they wait on their stack, instead of running in groups of their own with
 *     the cores half idle at each group's end. Each end-to-end, stack and contract file has its own
 *     stack or scratch database; each race in db has its own users.
 *  1. reliability-timed alone, as its tests time other users' requests on a quiet machine.
 */
const group = (groupOrder: number, maxWorkers: number) => ({ maxWorkers, sequence: { groupOrder } });

/** The reliability files that time other requests (bounds, slow clients, restarts): alone, in group 1. */
const TIMED_RELIABILITY = [
  'tests/reliability/backend-restart.test.ts',
  'tests/reliability/bom-cell-bounds.test.ts',
  'tests/reliability/functions-slow-clients.test.ts',
  'tests/reliability/listen-reconnect.test.ts',
  'tests/reliability/realtime-bounds.test.ts',
  'tests/reliability/stack-hardening.test.ts',
  'tests/reliability/tokens.test.ts',
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // The first screen's code in one file, each other screen's own code in one file, and what the
  // other screens share in one more: 31 files where Rolldown's default made 119 (a hundred of them
  // a few hundred bytes), all fetched once the dashboard is up (src/app/shell.tsx). An app load
  // went from 133 requests to 41 and about 0.3 CPU-s less in the browser (docs/testing.md).
  // The first screen's file is what the split files were (about 850 kB minified).
  build: {
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'], priority: 2 },
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      // Unit tests run in Node unless they touch the DOM (components, hooks, localStorage): those are
      // `.test.tsx` or `.dom.test.ts` and run in jsdom, which costs each file a second or more to set up.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.dom.test.ts'],
          environment: 'node',
          ...group(0, 3),
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // In the one queue a component test shares the cores with Chromium; what it asserts is
          // what the user sees, not how fast jsdom draws it (5 s ran out on a loaded machine).
          testTimeout: 20_000,
          // A worker's files share their modules (Mantine and React: most of each file's import
          // time): the project's CPU time halves (64 s to 29 s). Testing Library unmounts what each
          // test renders; a file's vi.mock still holds when another file loaded the real module first.
          isolate: false,
          ...group(0, 3),
        },
      },
      {
        test: { name: 'stack', include: ['stack/**/*.test.ts'], environment: 'node', ...group(0, 3) },
      },
      // These need DATABASE_URL (a Postgres with platform SQL and migrations): npm test sets it.
      {
        // extends: the root's `@` alias, for tests that check src/ against the database (field-rules-drift).
        extends: true,
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          ...group(0, 3),
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/stack-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...group(0, 3),
        },
      },
      // Reliability files that time nothing (hostile input, isolation, oversell, fan-out, the CLI)
      // share group 0's queue; the ones that time requests run alone in group 1.
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          exclude: TIMED_RELIABILITY,
          environment: 'node',
          globalSetup: ['tests/support/stack-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          ...group(0, 3),
        },
      },
      {
        test: {
          name: 'reliability-timed',
          include: TIMED_RELIABILITY,
          environment: 'node',
          globalSetup: ['tests/support/stack-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          ...group(1, 1),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Builds the app once; each file serves that build (tests/e2e/support/built-app.ts). Makes the
          // stack template each file's throwaway stack starts from (tests/support/stack-template.ts).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // A worker's files share its modules and its Chromium (support/environment.ts): each file
          // still has its own stack, app server and browser contexts.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...group(0, 3),
        },
      },
    ],
  },
});
