/**
 * A button whose name is longer than its words (WCAG 2.5.3, Label in Name): in every language
 * the name a screen reader or voice control uses must contain the words on the button, so
 * "click End all" works whatever the language. Checked on the sentences, each pair as the window
 * puts them on one button.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src-shared/i18n';
import { LOCALES, SOURCE_LOCALE } from '../../src-shared/i18n/languages';

/** [the button's name, the words it shows, the values both are given]. */
const BUTTONS: readonly [string, string, Record<string, unknown>][] = [
  ['accesses.endAll', 'accesses.endAllShort', {}],
  ['accesses.addFor', 'accesses.addShort', { name: 'PC-8' }],
  ['accesses.endFor', 'accesses.end', { name: 'PC-8' }],
  ['schedule.endAtFor', 'schedule.endAt', { name: 'PC-8' }],
  ['schedule.cancelEndFor', 'schedule.cancelEnd', { time: '10:50', name: 'PC-8' }],
  ['schedule.cancelClassEnd', 'schedule.cancelEnd', { time: '10:50' }],
  ['schedule.dismissFor', 'schedule.dismiss', { time: '10:50', target: 'PC-8' }],
  ['devices.changedToTop', 'devices.changedCount', { count: 1 }],
  ['devices.changedToTop', 'devices.changedCount', { count: 3 }],
];

const words = (text: string) =>
  text.toLocaleLowerCase().replace(/…/g, '').replace(/\s+/g, ' ').trim();

describe.each(LOCALES)('the buttons in %s', (language) => {
  const i18n = i18next.createInstance();
  // As the window starts it: a language under way shows English for each sentence it lacks, so
  // a pair with one side translated and the other not fails here as it would on the button.
  void i18n.init({
    lng: language,
    resources,
    fallbackLng: SOURCE_LOCALE,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  // The keys come from this file's table, not from literals i18next's types could check.
  const t = i18n.t.bind(i18n) as unknown as (key: string, values: object) => string;

  it.each(BUTTONS)('name %s with the words of %s', (name, shown, values) => {
    expect(words(t(name, values))).toContain(words(t(shown, values)));
  });
});
