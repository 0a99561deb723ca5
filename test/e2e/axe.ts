/**
 * axe-core's default rule set run inside a page. The preview's Content-Security-Policy refuses
 * injected script tags, so axe's source is evaluated through the DevTools protocol instead,
 * which the policy does not govern, and the page keeps its real policy while it is audited.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { SPOKEN_LANGUAGES, type Locale } from '../../src-shared/i18n/languages';
import type { Language } from '../../src-shared/locale';

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

/**
 * chooseLanguage (session.ts) without the pauses of its poll: the preference set as the settings'
 * picker sets it (every window of the preview follows), then this page watched every frame until
 * its <html lang> and direction show the language. `system` follows each browser's language, so
 * pages in contexts of different locales each show their own.
 */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  const status = await page.evaluate(async (chosen) => {
    const response = await fetch('/api/actions/updatePreferences', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: chosen }),
    });
    return response.status;
  }, language);
  if (status !== 200) throw new Error(`choosing ${language}: ${status}`);
  if (language !== 'system') await showsLanguage(page, language);
}

/** Waits, every frame, until the page is in `language`: its <html lang> and its direction. */
export async function showsLanguage(page: Page, language: Locale): Promise<void> {
  await page.waitForFunction(
    ([lang, dir]) => document.documentElement.lang === lang && document.documentElement.dir === dir,
    [language, SPOKEN_LANGUAGES[language].dir] as const,
    { timeout: 15_000 },
  );
}
