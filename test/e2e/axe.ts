/**
 * axe-core's default rule set run inside a page. The preview's Content-Security-Policy refuses
 * injected script tags, so axe's source is evaluated through the DevTools protocol instead,
 * which the policy does not govern, and the page keeps its real policy while it is audited.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/**
 * axe's rules that read colours: all a second theme can change (the others read the DOM, ARIA
 * and layout, which a theme leaves as they are). About two thirds of a whole run's time.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * One line per violation: the rule, what it asks for and the elements that break it. `colours`
 * runs only the rules a theme can change: for a state already audited in its other theme.
 */
export async function axeViolations(
  page: Page,
  rules: 'all' | 'colours' = 'all',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOnly) =>
      (window as unknown as { axe: typeof Axe }).axe.run(document, {
        resultTypes: ['violations'],
        ...(runOnly ? { runOnly } : {}),
      }),
    rules === 'colours' ? COLOUR_RULES : null,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')})`,
  );
}
