import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit files run two at a time (jsdom, nothing shared), first; every other project one file at a
 * time, after: their files share one Postgres server (platform.sql alters the server's roles, which
 * two scratch databases at once collide on), and two end-to-end files at once on two cores made a
 * 10 s wait in large-catalogue miss (CI of 2026-11-25).
 */
const twoAtATime = { maxWorkers: 2, sequence: { groupOrder: 0 } };
const oneAtATime = { maxWorkers: 1, sequence: { groupOrder: 1 } };

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          ...twoAtATime,
        },
      },
      {
        test: { name: 'stack', include: ['stack/**/*.test.ts'], environment: 'node', ...oneAtATime },
      },
      // These need DATABASE_URL (a Postgres with platform SQL and migrations): npm test sets it.
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          ...oneAtATime,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...oneAtATime,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          ...oneAtATime,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Builds the app once; each file serves that build (tests/e2e/support/built-app.ts).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...oneAtATime,
        },
      },
    ],
  },
});
