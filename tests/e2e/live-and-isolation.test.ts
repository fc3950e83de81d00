import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  eventually,
  fillProductionOrder,
  logSale,
  openTab,
  rowCells,
  startProduction,
} from './support/actions';
import { useE2e } from './support/fixture';

const e2e = useE2e();

describe('sessions, live updates and isolation', { timeout: 180_000 }, () => {
  it('shows the loading screen until anonymous sign-in finishes', async () => {
    let releaseSignIn = () => {};
    const signInHeld = new Promise<void>((resolve) => (releaseSignIn = resolve));
    const { page } = await e2e.openApp({
      waitForApp: false,
      beforeLoad: (page) =>
        page.route('**/auth/v1/signup', async (route) => {
          await signInHeld;
          await route.continue();
        }),
    });
    await page.getByText('Authenticating & Loading System...').waitFor();
    expect(await page.title()).toBe('FactoryFlow');
    expect(await page.getByRole('navigation').count()).toBe(0);

    releaseSignIn();
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    expect(await page.getByText('Authenticating & Loading System...').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'FactoryFlow', level: 1 }).isVisible()).toBe(true);
  });

  it('only logs a failed sign-in, and retries until the backend answers', async () => {
    e2e.expectConsoleProblem(/Anonymous sign-in failed; retrying\.|status of 503/);
    let refusals = 0;
    const logged: string[] = [];
    const { page } = await e2e.openApp({
      waitForApp: false,
      beforeLoad: async (page) => {
        page.on('console', (message) => logged.push(message.text()));
        await page.route('**/auth/v1/signup', async (route) => {
          if (refusals === 2) return route.continue();
          refusals++;
          return route.fulfill({ status: 503, json: { code: 503, msg: 'Service Unavailable' } });
        });
      },
    });
    await eventually(() => refusals).toBe(2);
    await page.getByText('Authenticating & Loading System...').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor({ timeout: 30_000 });
    expect(logged.filter((text) => text.startsWith('Anonymous sign-in failed; retrying.'))).toHaveLength(2);
  });

  it('says when too many new workspaces were started from this computer, and opens once the server lets it', async () => {
    e2e.expectConsoleProblem(/Anonymous sign-in refused: too many new workspaces|status of 429/);
    let refusals = 0;
    let firstRefusal = 0;
    const { page } = await e2e.openApp({
      waitForApp: false,
      beforeLoad: (page) =>
        page.route('**/auth/v1/signup', async (route) => {
          if (refusals === 2) return route.continue();
          refusals++;
          firstRefusal ||= Date.now();
          return route.fulfill({
            status: 429,
            json: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
          });
        }),
    });
    const notice = page.getByRole('status');
    await notice.waitFor();
    // An hour after the first refusal (the browser may have seen it within the same minute or the next).
    const time = new Intl.DateTimeFormat('en-IN', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'Asia/Kolkata',
    });
    const liftsBy = [0, 60_000].map((late) => time.format(new Date(firstRefusal + 3_600_000 + late)));
    const text = await notice.textContent();
    expect(
      liftsBy.map(
        (at) =>
          `Too many new workspaces were started from this computer in the last hour. FactoryFlow keeps trying and opens by ${at} at the latest.`,
      ),
    ).toContain(text);
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor({ timeout: 30_000 });
    expect(refusals).toBe(2);
    expect(await page.getByText('Too many new workspaces').count()).toBe(0);
  });

  it('keeps the same user and data across a reload', async () => {
    const { page } = await e2e.openApp();
    await addRawMaterial(page, { name: 'Reload-proof buttons', stockLevel: '30' });
    await page.reload();
    // The reload keeps the screen it showed (issue 41).
    await page.getByRole('heading', { name: 'Raw Materials', level: 2 }).waitFor();
    await openTab(page, 'Raw Materials');
    await eventually(() => rowCells(page, 'Reload-proof buttons')).toEqual([
      'Reload-proof buttons',
      '—',
      '₹0.00',
      '30',
      'units',
    ]);
  });

  it('shows a change made in one browser live in another of the same user', async () => {
    const first = await e2e.openApp();
    await addProduct(first.page, { sku: 'LIV-01', name: 'Live Tote', sellingPrice: '650', stockOnHand: '10' });

    const second = await e2e.openApp({ storageState: await first.context.storageState() });
    await openTab(second.page, 'Products');
    await eventually(() => rowCells(second.page, 'LIV-01')).toEqual(['LIV-01', 'Live Tote', '—', '₹650.00', '10']);

    await logSale(first.page, { product: 'Live Tote (LIV-01)', quantity: '4' });
    // No reload in the second browser: realtime brings the new stock.
    await eventually(async () => (await rowCells(second.page, 'LIV-01'))[4]).toBe('6');
    await openTab(second.page, 'Sales Orders');
    await eventually(async () => (await rowCells(second.page, 'Live Tote'))[4]).toBe('₹2,600.00');
  });

  it('shows a second anonymous user none of the first user’s data', async () => {
    const first = await e2e.openApp();
    await addRawMaterial(first.page, { name: 'Private silk', stockLevel: '8' });
    await addProduct(first.page, { sku: 'PRV-01', name: 'Private Stole', sellingPrice: '900', stockOnHand: '5' });
    await logSale(first.page, { product: 'Private Stole (PRV-01)', quantity: '1' });

    const second = await e2e.openApp();
    await eventually(() => second.page.getByText('No sales yet').isVisible()).toBe(true);
    expect(await second.page.getByRole('region', { name: 'Total Revenue' }).innerText()).toContain('₹0.00');
    for (const [tab, emptyText] of [
      ['Products', 'No products yet'],
      ['Raw Materials', 'No raw materials yet'],
      ['Sales Orders', 'No sales yet'],
      ['Manufacturing', 'No production runs yet'],
    ] as const) {
      await openTab(second.page, tab);
      await second.page.getByText(emptyText).waitFor();
    }
    expect(await second.page.getByText('Private').count()).toBe(0);
  });

  it('refuses to start production when another browser used the materials first', async () => {
    e2e.expectRefusal('start_production');
    const fresh = await e2e.openApp();
    await addRawMaterial(fresh.page, { name: 'Zip', stockLevel: '10' });
    await addProduct(fresh.page, {
      sku: 'BAG-01',
      name: 'Canvas Bag',
      sellingPrice: '500',
      bom: [{ material: 'Zip (units)', quantity: '1' }],
    });

    // A second browser of the same user whose realtime connection never answers: its view of the
    // stock goes stale, so only the server can refuse.
    const stale = await e2e.openApp({
      storageState: await fresh.context.storageState(),
      beforeLoad: (page) => page.routeWebSocket(/\/realtime\/v1\/websocket/, () => {}),
    });
    const form = await fillProductionOrder(stale.page, { product: 'Canvas Bag (BAG-01)', quantity: '8' });
    await eventually(() => form.getByRole('button', { name: 'Start Production' }).isEnabled()).toBe(true);

    await startProduction(fresh.page, { product: 'Canvas Bag (BAG-01)', quantity: '5' });

    await form.getByRole('button', { name: 'Start Production' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('Not enough raw materials to start production.');
    expect(await form.getByLabel('Quantity to Produce').inputValue()).toBe('8');
    // The refusal refreshed the stale stock: now the button is disabled.
    await eventually(() => form.getByRole('button', { name: 'Start Production' }).isDisabled()).toBe(true);

    await openTab(fresh.page, 'Manufacturing');
    await eventually(() => fresh.page.getByRole('button', { name: 'Mark as Completed' }).count()).toBe(1);
    await openTab(fresh.page, 'Raw Materials');
    expect((await rowCells(fresh.page, 'Zip'))[3]).toBe('5');
  });
});
