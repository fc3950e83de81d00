import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The contract, reliability and end-to-end projects' globalSetup makes one migrated stack template
 * per run, which their files' throwaway embedded stacks copy instead of running initdb and every
 * migration (tests/support/stack-template.ts).
 *
 * Four groups, one after another; the projects of one group share its number of workers (Vitest
 * refuses two counts in one group):
 *  0. unit and unit-dom, two files at a time (nothing shared);
 *  1. stack, db, contract and the reliability files that time nothing, two at a time, mostly
 *     waiting on Postgres: each stack and contract file migrates its own scratch database or stack
 *     (migrate() queues the platform SQL's server-wide role changes), each race in db has its own
 *     users;
 *  2. end-to-end, three at a time (they wait on the browser and the stack as much as they compute:
 *     a third worker took the group from about 660 s to 600 s): each file has its own stack,
 *     embedded Postgres and Chromium;
 *  3. reliability-timed alone, as its tests time other users' requests on a quiet machine.
 */
const group = (groupOrder: number, maxWorkers: number) => ({ maxWorkers, sequence: { groupOrder } });

/** The reliability files that time other requests (bounds, slow clients, restarts): alone, in group 3. */
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
  test: {
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
          ...group(0, 2),
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          ...group(0, 2),
        },
      },
      {
        test: { name: 'stack', include: ['stack/**/*.test.ts'], environment: 'node', ...group(1, 2) },
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
          ...group(1, 2),
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
          ...group(1, 2),
        },
      },
      // Reliability files that time nothing (hostile input, isolation, oversell, fan-out, the CLI)
      // share group 1's two workers; the ones that time requests run alone in group 3.
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          exclude: TIMED_RELIABILITY,
          environment: 'node',
          globalSetup: ['tests/support/stack-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          ...group(1, 2),
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
          ...group(3, 1),
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...group(2, 3),
        },
      },
    ],
  },
});
