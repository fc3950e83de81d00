import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import { createServer } from 'vite';
import { inject } from 'vitest';
import { RELAXED_AUTH_RATE_LIMITS } from '../../../stack/src/auth/rate-limit';
import { startStack, type RunningStack, type StackOptions } from '../../../stack/src/stack';
import { freePort } from '../../../stack/src/free-port';
import { serveBuiltApp } from './built-app';
import { isPooled } from './context-pool';

/**
 * One Chromium per test worker, shared by the files it runs one after another (the e2e project does
 * not isolate its files' modules): each test opens its own contexts, and a browser start per file
 * was CPU the 2-core CI machine spent 44 times. Relaunched if it went away.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const current = await workerBrowser;
  if (current?.isConnected()) return current;
  workerBrowser = launchChromium();
  return workerBrowser;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * How the app is served: 'built', the production build made once per run (global-setup.ts), fast
 * and what users get; or 'dev', Vite's dev server, whose React reports development-only warnings
 * (which the fixture fails on) and whose modules a test can hold back one by one.
 */
export type AppServer = 'built' | 'dev';

export interface E2eEnvironment {
  stack: RunningStack;
  appUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * A fresh backend (the local stack on its own throwaway embedded Postgres), the app served by Vite
 * against it, and Chromium: everything an end-to-end file needs, isolated from every other file.
 */
export async function startE2eEnvironment(
  app: AppServer = 'built',
  functions?: StackOptions['functions'],
): Promise<E2eEnvironment> {
  const environment = await startRestartableEnvironment({ dataDir: null, port: 0, app, functions });
  return { ...environment, stack: environment.stack };
}

export interface RestartableEnvironment {
  /** The running stack; throws while it is stopped. */
  readonly stack: RunningStack;
  appUrl: string;
  browser: Browser;
  /** Stops the stack (the server really goes away); startStack() brings it back as it was. */
  stopStack(): Promise<void>;
  startStack(): Promise<RunningStack>;
  close(): Promise<void>;
}

/**
 * The same, with a stack a test can stop and start again: on a fixed port and, with a data
 * directory, on the same data. Without one, the throwaway stack starts from the run's stack
 * template (global-setup.ts). The stack lets the app's origin, and no other, call it from a browser.
 */
export async function startRestartableEnvironment(options: {
  dataDir: string | null;
  port: number;
  app: AppServer;
  /** Edge Functions' extra variables and hosts (a local Shopify for shopify-inventory). */
  functions?: StackOptions['functions'];
}): Promise<RestartableEnvironment> {
  const appPort = await freePort();
  const start = () =>
    startStack({
      port: options.port,
      dataDir: options.dataDir,
      templateDataDir: options.dataDir === null ? inject('stackTemplate') : undefined,
      quiet: true,
      rateLimits: RELAXED_AUTH_RATE_LIMITS,
      allowedOrigins: [`http://127.0.0.1:${appPort}`, `http://localhost:${appPort}`],
      functions: options.functions,
    });
  let stack: RunningStack | undefined = await start();
  let app: { url: string; close(): Promise<void> } | undefined;
  try {
    app =
      options.app === 'built'
        ? await serveBuiltApp(inject('builtAppDir'), appPort, stack)
        : await serveDevApp(appPort, stack);
    const appUrl = app.url;
    const browser = await sharedBrowser();
    const started = { appUrl, browser, app };
    return {
      get stack() {
        if (!stack) throw new Error('the stack is stopped');
        return stack;
      },
      appUrl,
      browser,
      stopStack: async () => {
        await stack?.close();
        stack = undefined;
      },
      startStack: async () => (stack = await start()),
      close: async () => {
        // The pool's contexts serve the worker's next files (context-pool.ts).
        await Promise.all(
          started.browser
            .contexts()
            .filter((context) => !isPooled(context))
            .map((context) => context.close()),
        );
        await started.app.close();
        await stack?.close();
      },
    };
  } catch (error) {
    await app?.close();
    await stack.close();
    throw error;
  }
}

/** Vite's dev server for the app, pointed at the stack. */
async function serveDevApp(port: number, stack: RunningStack): Promise<{ url: string; close(): Promise<void> }> {
  // Vite puts VITE_* variables of its own process into import.meta.env.
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  const vite = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    clearScreen: false,
    server: { port, strictPort: true, hmr: false },
  });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0];
  if (!url) throw new Error('Vite did not report the URL it serves the app on.');
  return { url, close: () => vite.close() };
}

export interface ConsoleProblem {
  text: string;
  /** For a failed request Chromium logs, the URL of the request. */
  url: string;
}

/**
 * Records every console error or warning and every uncaught error of the pages a context opens
 * from now on; returns what stops it (a pooled context outlives the test that watched it).
 */
export function watchConsole(context: BrowserContext, problems: ConsoleProblem[]): () => void {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push({ text: `console.${message.type()}: ${message.text()}`, url: message.location().url });
      }
    });
    page.on('pageerror', (error) => problems.push({ text: `uncaught: ${error.message}`, url: '' }));
  };
  context.on('page', watch);
  return () => context.off('page', watch);
}
