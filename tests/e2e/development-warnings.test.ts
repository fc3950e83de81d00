/**
 * React's development build warns where the production build is silent (a list without keys, a
 * state update on an unmounted component, an invalid DOM nesting); the fixture fails a test on any
 * console warning. So every screen is opened once, with a month of data, on Vite's dev server.
 * The other end-to-end files use the production build users get (half the browser's work).
 */
import { describe, it } from 'vitest';
import { openTab, screenHeading, settle, SCREENS } from './support/actions';
import { useE2e } from './support/fixture';
import { seedMonth } from './support/seed';

const e2e = useE2e({ app: 'dev' });

describe("React's development build", { timeout: 300_000 }, () => {
  it('warns about nothing on any screen, with a month of data', async () => {
    const { page } = await e2e.openApp();
    await seedMonth(await e2e.clientOf(page));
    for (const screen of SCREENS) {
      await openTab(page, screen);
      await screenHeading(page, screen).waitFor();
      await settle(page);
    }
  });
});
