/**
 * The server going away with a form open: the save is reported with the app's message after one
 * attempt (no retries piling up behind the click), an offline banner shows while the stack is down
 * and goes when it is back, and what was typed stays in the form to be saved then. How long the
 * report takes is a duration, measured in bench/, not asserted here. The stack really stops and starts again (same port and
 * data directory), so this file runs its own rather than a throwaway one.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../stack/src/free-port';
import { addProduct, dialog, eventually, fillSale, openTab, rowCells } from './support/actions';
import {
  DESKTOP,
  startRestartableEnvironment,
  watchConsole,
  type ConsoleProblem,
  type RestartableEnvironment,
} from './support/environment';

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');

let environment: RestartableEnvironment;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-offline-'));
  environment = await startRestartableEnvironment({ dataDir, port: await freePort(), app: 'built' });
});

afterAll(async () => {
  await environment?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server going away with a form open', { timeout: 120_000 }, () => {
  it('reports the failed save after one attempt, shows an offline banner while down, and keeps what was typed', async () => {
    const context = await environment.browser.newContext({ viewport: DESKTOP });
    const problems: ConsoleProblem[] = [];
    watchConsole(context, problems);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(environment.appUrl);
      await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
      await addProduct(page, { sku: 'OFF-01', name: 'Offline Kurta', sellingPrice: '800', stockOnHand: '10' });
      const banner = page.getByRole('status').filter({ hasText: 'cannot reach the server' });
      expect(await banner.count()).toBe(0);

      const form = await fillSale(page, { product: 'Offline Kurta (OFF-01)', platform: 'Amazon', quantity: '3' });

      await environment.stopStack();
      // Idle, the app learns from its realtime connection closing: the banner shows by itself.
      await banner.waitFor();

      const saleAttempts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/rpc/log_sale')) saleAttempts.push(request.url());
      });
      await form.getByRole('button', { name: 'Log Sale' }).click();
      const refusal = form.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toBe(UNREACHABLE);
      // Reported after the one failed attempt, not after retries: the click sent exactly one request.
      expect(saleAttempts).toHaveLength(1);
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-banner-1280x800.png') });

      // Nothing typed is lost.
      expect(await form.getByRole('combobox', { name: 'Product' }).inputValue()).toBe('Offline Kurta (OFF-01)');
      expect(await form.getByRole('combobox', { name: 'Platform' }).inputValue()).toBe('Amazon');
      expect(await form.getByLabel('Quantity').inputValue()).toBe('3');

      // Back on the same port and data: the banner goes, and the same form saves.
      await environment.startStack();
      await banner.waitFor({ state: 'hidden' });
      expect(await dialog(page, 'Add New Sale').isVisible()).toBe(true);
      await form.getByRole('button', { name: 'Log Sale' }).click();
      await form.waitFor({ state: 'hidden' });
      await openTab(page, 'Sales Orders');
      await eventually(async () => (await rowCells(page, 'Offline Kurta')).slice(1, 5)).toEqual([
        'Offline Kurta',
        'Amazon',
        '3',
        '₹2,400.00',
      ]);
    } finally {
      await context.close();
    }
    // Chromium logs every request and socket the stopped server refused; nothing else is expected.
    const unexpected = problems.filter(
      (problem) => !/ERR_CONNECTION_REFUSED|WebSocket connection to .* failed/.test(problem.text),
    );
    expect(unexpected.map((problem) => problem.text)).toEqual([]);
  });
});
