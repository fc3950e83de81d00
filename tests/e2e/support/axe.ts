import type { AxeResults } from 'axe-core';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settle } from './actions';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's WCAG 2 A and AA rules on what the page shows now (or on the elements `scope` selects):
 * each serious or critical violation as "rule: element". Moderate findings are left out: Mantine
 * draws a modal's header as a <header>, which axe counts as a second banner landmark.
 */
export async function seriousViolations(page: Page, where: string, scope?: string): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run(context: object, options: object): Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
        {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        },
      ),
    scope,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id}: ${node.html.slice(0, 120)}`));
}
