import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import WebSocket from 'ws';
import type { Database } from '../../../src/lib/database.types';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  DESKTOP,
  startE2eEnvironment,
  type AppServer,
  watchConsole,
  type ConsoleProblem,
  type E2eEnvironment,
} from './environment';
import type { StackOptions } from '../../../stack/src/stack';
import { giveBack, takeContext, testPages, type ContextOptions } from './context-pool';
import { screenshot } from './actions';

const FIRST_LOAD_TIMEOUT_MS = 60_000;

/** The users each context has signed in, across the tests that took it from the pool. */
const usersOf = new WeakMap<BrowserContext, Set<string>>();

/** The page's signed-in session as supabase-js keeps it in localStorage. */
async function sessionOf(page: Page): Promise<{ access_token: string; user: { id: string } }> {
  const session = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string; user: { id: string } }) : null;
  });
  if (!session) throw new Error('The page has no session.');
  return session;
}

/** A context taken without a storage state must sign in a user it has never had (context-pool.ts). */
async function expectNewUser(context: BrowserContext, page: Page): Promise<void> {
  const userId = (await sessionOf(page)).user.id;
  const users = usersOf.get(context) ?? new Set<string>();
  usersOf.set(context, users);
  if (users.has(userId)) throw new Error(`A reused browser context signed in its earlier user ${userId} again.`);
  users.add(userId);
}

export interface OpenedApp {
  context: BrowserContext;
  page: Page;
}

export interface OpenAppOptions {
  viewport?: BrowserContextOptions['viewport'];
  /** Another context's storage state: the same signed-in user. Without it, a new anonymous user. */
  storageState?: ContextOptions['storageState'];
  /** Runs before the app loads, e.g. to hold back a request. */
  beforeLoad?: (page: Page) => Promise<unknown>;
  /** Wait for the signed-in app (default) or return as soon as the page starts loading. */
  waitForApp?: boolean;
}

/**
 * One backend, app server and browser per test file; every test gets browser contexts of its own,
 * wiped and taken from the worker's pool (context-pool.ts), each opening the app as a new anonymous
 * user unless given another's storage state, and fails if any page logged a console error or
 * warning or threw an uncaught error.
 *
 * The browser asks for reduced motion unless a file wants the animations: dialogs, drawers and
 * notifications then open and close without them (the app respects the setting), which spares a
 * 2-core CI machine a fifth of its end-to-end time. The double-click and month-of-use files keep
 * the animations every other user sees, so a click racing a closing dialog stays tested.
 */
export function useE2e({
  app = 'built',
  motion = 'reduce',
  functions,
}: {
  app?: AppServer;
  motion?: 'reduce' | 'full';
  /** The stack's Edge Functions' extra variables and hosts, read when the environment starts. */
  functions?: () => StackOptions['functions'];
} = {}) {
  let environment: E2eEnvironment | undefined;
  const problems: ConsoleProblem[] = [];
  const contexts: { context: BrowserContext; unwatch: () => void }[] = [];
  const expectedRefusals = new Set<string>();
  const expectedProblems: RegExp[] = [];

  // PostgREST answers a refused operation with 400 (409 for a uniqueness conflict), which Chromium
  // logs as a console error.
  const isExpectedRefusal = (problem: ConsoleProblem) =>
    /the server responded with a status of (400|409)\b/.test(problem.text) &&
    [...expectedRefusals].some((rpc) => new URL(problem.url).pathname === `/rest/v1/rpc/${rpc}`);

  beforeAll(async () => {
    environment = await startE2eEnvironment(app, functions?.());
  });

  afterEach(async ({ task }) => {
    // What each page showed when a test failed, to see why after the run (CI keeps no browser).
    if (task.result?.state === 'fail') {
      const pages = contexts.flatMap(({ context }) => testPages(context));
      await Promise.all(
        pages.map((page, index) =>
          screenshot(page, `failed-${task.name.replace(/[^\w]+/g, '-').slice(0, 80)}-${index + 1}`).catch(
            () => undefined,
          ),
        ),
      );
    }
    const isExpected = (problem: ConsoleProblem) =>
      isExpectedRefusal(problem) || expectedProblems.some((pattern) => pattern.test(problem.text));
    const found = problems.splice(0).filter((problem) => !isExpected(problem));
    expectedRefusals.clear();
    expectedProblems.length = 0;
    await Promise.all(
      contexts.splice(0).map(({ context, unwatch }) => {
        unwatch();
        return giveBack(context);
      }),
    );
    expect(
      found.map((problem) => `${problem.text} ${problem.url}`.trim()),
      'console errors, warnings or uncaught errors in the browser',
    ).toEqual([]);
  });

  afterAll(async () => {
    await environment?.close();
  });

  const started = () => {
    if (!environment) throw new Error('The e2e environment has not started.');
    return environment;
  };

  return {
    get appUrl() {
      return started().appUrl;
    },

    /** The backend: its URL, keys and database (to seed hundreds of rows at once). */
    get stack() {
      return started().stack;
    },

    /**
     * A supabase-js client acting as the page's signed-in user, for seeding what a test is not
     * about through the API instead of the forms.
     */
    async clientOf(page: Page) {
      const token = (await sessionOf(page)).access_token;
      const { stack } = started();
      return createClient<Database>(stack.url, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
        // Node 20 has no global WebSocket.
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      });
    },

    /**
     * The current test expects the server to refuse a call of this operation: its 400 answer is the
     * behaviour under test, not a fault. Any other console problem still fails the test.
     */
    expectRefusal(rpc: string): void {
      expectedRefusals.add(rpc);
    },

    /** The current test provokes console problems matching this: they are what it tests. */
    expectConsoleProblem(pattern: RegExp): void {
      expectedProblems.push(pattern);
    },

    async openApp(options: OpenAppOptions = {}): Promise<OpenedApp> {
      const context = await takeContext(started().browser, {
        viewport: options.viewport ?? DESKTOP,
        storageState: options.storageState,
        reducedMotion: motion === 'reduce' ? 'reduce' : 'no-preference',
      });
      contexts.push({ context, unwatch: watchConsole(context, problems) });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await options.beforeLoad?.(page);
      // A page's first load is bounded at a minute, not an action's 15 s: Vite's dev server
      // transforms the app and pre-bundles its dependencies on the first request, which took over
      // 15 s on the 2-core CI machine running two other end-to-end files. A hang still fails.
      await page.goto(started().appUrl, { timeout: FIRST_LOAD_TIMEOUT_MS });
      if (options.waitForApp !== false) {
        await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor({ timeout: FIRST_LOAD_TIMEOUT_MS });
        if (!options.storageState) await expectNewUser(context, page);
      }
      return { context, page };
    },
  };
}
