import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two files of a project at a time, in this place of the run's order (Vitest runs one group after
 * another): the files mostly wait on Postgres, the stack or Chromium, so on CI's two cores two at a
 * time take about half as long as one (Vitest's default there).
 */
const twoAtATime = (groupOrder: number) => ({ maxWorkers: 2, sequence: { groupOrder } });

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
          ...twoAtATime(0),
        },
      },
      {
        test: { name: 'stack', include: ['stack/**/*.test.ts'], environment: 'node', ...twoAtATime(0) },
      },
      // These need DATABASE_URL (a Postgres with platform SQL and migrations): npm test sets it.
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          ...twoAtATime(1),
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...twoAtATime(1),
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Alone, one file at a time: these tests measure how long others wait.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
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
          ...twoAtATime(3),
        },
      },
    ],
  },
});
