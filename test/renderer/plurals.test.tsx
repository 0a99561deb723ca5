// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../src-renderer/i18n';
import { resources } from '../../src-shared/i18n';
import type { Locale } from '../../src-shared/locale';
import { classTrayState, trackedAccess } from '../support/classTrayState';
import { FakeClassTray } from '../support/fakeClassTray';
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

const LOCALES = Object.keys(resources) as Locale[];

describe('counted sentences', () => {
  it.each(LOCALES)('in %s, are all in plural forms, none with a bare number', (locale) => {
    const all = sentences(resources[locale].translation);
    expect(all.filter(([, text]) => text.includes('{{number}}'))).toEqual([]);
    const counted = all.filter(([, text]) => text.includes('{{count}}')).map(([key]) => key);
    expect(counted.filter((key) => !/_(one|other)$/.test(key))).toEqual([]);
    // Each counted sentence has both forms.
    const bases = new Set(counted.map((key) => key.replace(/_(one|other)$/, '')));
    for (const base of bases) {
      expect(counted).toContain(`${base}_one`);
      expect(counted).toContain(`${base}_other`);
    }
  });

  it.each(LOCALES)('in %s, say 0, 1 and 2 with their own number and form', (locale) => {
    const i18n = createI18n(locale);
    const bases = new Set(
      sentences(resources[locale].translation as Tree)
        .filter(([key]) => key.endsWith('_one'))
        .map(([key]) => key.replace(/_one$/, '')),
    );
    for (const base of bases) {
      const [zero, one, two] = [0, 1, 2].map((count) => i18n.t(base as 'header.title', { count }));
      expect(zero).toContain('0');
      expect(one).toContain('1');
      expect(two).toContain('2');
      expect(one).toBe(i18n.t(`${base}_one` as 'header.title', { count: 1 }));
      expect([zero, two]).toEqual([
        i18n.t(`${base}_other` as 'header.title', { count: 0 }),
        i18n.t(`${base}_other` as 'header.title', { count: 2 }),
      ]);
    }
  });

  it('read as Spanish for 0, 1 and 2', () => {
    const { t } = createI18n('es');
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

const ANA = trackedAccess({ label: 'Ana' });
const LUIS = trackedAccess({
  token: '22222222-2222-4222-8222-222222222222',
  remoteId: '100000002',
  deviceAlias: 'LAB-PC02',
  label: 'Luis',
});

describe('End all in Spanish', () => {
  it.each([
    [[ANA], '¿Terminar ahora 1 acceso: Ana (LAB-PC01)?', 'Terminar 1 acceso'],
    [
      [ANA, LUIS],
      '¿Terminar ahora 2 accesos: Ana (LAB-PC01), Luis (LAB-PC02)?',
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
