// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openI18n } from '../../src-renderer/i18n';
import { resources } from '../../src-shared/i18n';
import { LOCALES } from '../../src-shared/i18n/languages';
import { PLURAL_FORMS } from '../../src-shared/i18n/messages';
import { ANA, LUIS, classTrayState } from '../support/classTrayState';
import { FakeClassTray } from '../support/fakeClassTray';
import { namesOneNumber } from '../support/pluralForms';
import { renderApp } from './renderApp';

afterEach(cleanup);

type Tree = { readonly [key: string]: string | Tree };

/** Every sentence by its dotted key. */
function sentences(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const at = prefix === '' ? key : `${prefix}.${key}`;
    return typeof value === 'string' ? [[at, value]] : sentences(value, at);
  });
}

const pluralForm = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);

describe('counted sentences', () => {
  it.each(LOCALES)('in %s, are all in plural forms, none with a bare number', (locale) => {
    const all = sentences(resources[locale].translation);
    expect(all.filter(([, text]) => text.includes('{{number}}'))).toEqual([]);
    const counted = all.filter(([, text]) => text.includes('{{count}}')).map(([key]) => key);
    expect(counted.filter((key) => !pluralForm.test(key))).toEqual([]);
  });

  // Which forms each language has is test/shared/i18n.test.ts's; this is i18next choosing them.
  it.each(LOCALES)(
    'in %s, say each count with its number in the form CLDR gives it',
    async (locale) => {
      // Keys built at run time: i18next's key types cannot follow them.
      const t = (await openI18n(locale)).t as (key: string, options: { count: number }) => string;
      const rules = new Intl.PluralRules(locale);
      const bases = new Set(
        sentences(resources[locale].translation)
          .filter(([key]) => pluralForm.test(key))
          .map(([key]) => key.replace(pluralForm, '')),
      );
      expect(bases.size).toBeGreaterThan(0);
      for (const base of bases) {
        for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000]) {
          const said = t(base, { count });
          // Arabic says 0, 1 and 2 in words: each of those forms is for that number only.
          if (!namesOneNumber(locale, rules.select(count))) expect(said).toContain(String(count));
          const form = `${base}_${rules.select(count)}`;
          expect(said, form).toBe(t(form, { count }));
        }
      }
    },
  );

  it('read as Arabic in its six forms: 0, 1 and 2 in words, 3–10, 11–99 and 100 by number', async () => {
    const { t } = await openI18n('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => t('accesses.endAllEnded', { count }))).toEqual([
      'لم تُنهَ أي صلاحية.',
      'أُنهيت صلاحية واحدة.',
      'أُنهيت صلاحيتان.',
      'أُنهيت 3 صلاحيات.',
      'أُنهيت 11 صلاحيةً.',
      'أُنهيت 100 صلاحية.',
    ]);
  });

  it('read as Spanish for 0, 1 and 2', async () => {
    const { t } = await openI18n('es');
    expect([0, 1, 2].map((count) => t('devices.announce.wentOfflineCount', { count }))).toEqual([
      '0 se desconectaron',
      '1 se desconectó',
      '2 se desconectaron',
    ]);
    expect([0, 1, 2].map((count) => t('accesses.endAllEnded', { count }))).toEqual([
      'Se terminaron 0 accesos.',
      'Se terminó 1 acceso.',
      'Se terminaron 2 accesos.',
    ]);
  });
});

describe('End all in Spanish', () => {
  it.each([
    [[ANA], '¿Terminar ahora 1 acceso: Ana (LAB-PC01)?', 'Terminar 1 acceso'],
    [
      [ANA, LUIS],
      '¿Terminar ahora 2 accesos: Ana (LAB-PC01) y Luis (LAB-PC02)?',
      'Terminar 2 accesos',
    ],
  ])('asks in the right form', async (accesses, question, confirm) => {
    const fake = new FakeClassTray(
      classTrayState({ temporalAccesses: accesses, preferences: { language: 'es' } }),
    );
    const { user } = await renderApp(fake);
    await user.click(
      screen.getByRole('button', { name: 'Terminar todos los accesos de esta aula' }),
    );
    expect(screen.getByRole('form', { name: question })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: confirm }));
    expect(
      screen.getByText(accesses.length === 1 ? 'Se terminó 1 acceso.' : 'Se terminaron 2 accesos.'),
    ).toBeTruthy();
  });
});
