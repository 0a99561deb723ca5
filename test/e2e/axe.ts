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

/** One line per violation: the rule, what it asks for and the elements that break it. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof Axe }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')})`,
  );
}
