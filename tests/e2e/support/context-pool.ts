import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';

/**
 * Browser contexts a worker's tests take one after another instead of each making its own.
 *
 * Most of what a new context costs Chromium is the renderer process its first page starts: about
 * 1.1 CPU-s a context on the 2-core CI machine (0.6 in the renderer, the rest in the browser
 * process), against 0.26 for a new page while another page of the same site keeps that process
 * alive (docs/testing.md, "How long CI takes"). So each pooled context keeps a blank page on
 * http://127.0.0.1 (the site of every file's app server, whatever its port), and a test gets a new
 * page in it.
 *
 * Taking a context wipes what earlier tests left (`wipe`), then sets the storage state asked for,
 * if any. Giving it back closes the test's pages and removes its routes and permissions. A context of
 * another browser (the worker's Chromium was relaunched) is never taken.
 */
export interface ContextOptions {
  viewport: NonNullable<BrowserContextOptions['viewport']>;
  reducedMotion: NonNullable<BrowserContextOptions['reducedMotion']>;
  storageState?: Exclude<BrowserContextOptions['storageState'], string>;
}

const idle = new Map<string, BrowserContext[]>();

interface Pooled {
  key: string;
  keeper: Page;
  /** The keeper's DevTools session, through which the context's data is wiped. */
  devtools: CDPSession;
  /** Every origin a page of the context has shown since it was last wiped. */
  origins: Set<string>;
}
const keepers = new WeakMap<BrowserContext, Pooled>();

/**
 * What a test left in the context gone: the HTTP cache, the cookies and the storage of every origin
 * its pages showed, so every load starts as a first visit. Through DevTools, without a page:
 * Playwright's `setStorageState` opens one and visits each origin, about 0.3 CPU-s a test
 * (docs/testing.md, "How long CI takes").
 */
async function wipe({ devtools, origins }: Pooled): Promise<void> {
  await devtools.send('Network.clearBrowserCache');
  await devtools.send('Network.clearBrowserCookies');
  for (const origin of origins) await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  origins.clear();
}

export async function takeContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  const key = JSON.stringify([options.viewport, options.reducedMotion]);
  const waiting = idle.get(key) ?? [];
  idle.set(key, waiting);
  let context = waiting.pop();
  while (context && (context.browser() !== browser || keepers.get(context)?.keeper.isClosed())) {
    keepers.delete(context);
    context = waiting.pop();
  }
  if (!context) {
    context = await browser.newContext({ viewport: options.viewport, reducedMotion: options.reducedMotion });
    const keeper = await context.newPage();
    await keeper.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '' }));
    await keeper.goto('http://127.0.0.1/');
    const origins = new Set<string>();
    context.on('page', (page) =>
      page.on('framenavigated', (frame) => {
        const { origin } = new URL(frame.url());
        if (origin.startsWith('http')) origins.add(origin);
      }),
    );
    keepers.set(context, { key, keeper, devtools: await context.newCDPSession(keeper), origins });
  }
  await wipe(keepers.get(context)!);
  // Rarely asked for (the same user in a second browser): Playwright's own way, through a page.
  if (options.storageState) await context.setStorageState(options.storageState);
  return context;
}

/** The context's pages but the blank one the pool keeps in it. */
export const testPages = (context: BrowserContext): Page[] =>
  context.pages().filter((page) => page !== keepers.get(context)?.keeper);

/** Whether the pool owns this context (so only it closes it). */
export const isPooled = (context: BrowserContext): boolean => keepers.has(context);

/** Back to the pool: the test's pages closed, its routes and permissions gone. */
export async function giveBack(context: BrowserContext): Promise<void> {
  const pooled = keepers.get(context);
  if (!pooled) return context.close();
  try {
    await Promise.all(testPages(context).map((page) => page.close()));
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearPermissions();
    idle.get(pooled.key)?.push(context);
  } catch (error) {
    keepers.delete(context);
    await context.close().catch(() => undefined);
    throw error;
  }
}
