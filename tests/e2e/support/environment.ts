import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { startStack, type RunningStack } from '../../../stack/src/stack';

/** Debian's Chromium; a browser is never downloaded. */
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface E2eEnvironment {
  stack: RunningStack;
  appUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * A fresh backend (in-memory PGlite behind the local stack), the app served by Vite against it,
 * and Chromium: everything an end-to-end file needs, isolated from every other file.
 */
export async function startE2eEnvironment(): Promise<E2eEnvironment> {
  const stack = await startStack({ port: 0, dataDir: null, quiet: true, rateLimits: { anonymousSignUpsPerHour: 100_000, passwordAttemptsPer5Min: 100_000 } });
  let vite: ViteDevServer | undefined;
  let browser: Browser | undefined;
  try {
    // Vite puts VITE_* variables of its own process into import.meta.env.
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
    vite = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'error',
      clearScreen: false,
      server: { port: 0, strictPort: false, hmr: false },
    });
    await vite.listen();
    const appUrl = vite.resolvedUrls?.local[0];
    if (!appUrl) throw new Error('Vite did not report the URL it serves the app on.');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const started = { stack, appUrl, browser, vite };
    return {
      stack,
      appUrl,
      browser,
      close: async () => {
        await started.browser.close();
        await started.vite.close();
        await started.stack.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await vite?.close();
    await stack.close();
    throw error;
  }
}

export interface ConsoleProblem {
  text: string;
  /** For a failed request Chromium logs, the URL of the request. */
  url: string;
}

/** Records every console error or warning and every uncaught error of the pages of a context. */
export function watchConsole(context: BrowserContext, problems: ConsoleProblem[]): void {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push({ text: `console.${message.type()}: ${message.text()}`, url: message.location().url });
      }
    });
    page.on('pageerror', (error) => problems.push({ text: `uncaught: ${error.message}`, url: '' }));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}
