// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SKIP_REASONS } from '../../../../src-main/core/timetable/calendar';
import { openI18n } from '../../../../src-renderer/i18n/index';
import { readingSentences } from '../../../../src-renderer/views/settings/timetable/timetableReading';
import { SENTENCES } from '../../../../src-shared/i18n/index';
import { LOCALES } from '../../../../src-shared/i18n/languages';
import { classTrayState } from '../../../support/classTrayState';
import { FakeClassTray } from '../../../support/fakeClassTray';
import { renderApp } from '../../renderApp';

afterEach(cleanup);

describe('the events a reading left out', () => {
  it('are each named in their own words, in every language: none said generally', () => {
    for (const locale of LOCALES) {
      const words = SENTENCES[locale].timetable.skipReasons as Readonly<Record<string, string>>;
      for (const reason of SKIP_REASONS) {
        expect(words[reason], `${locale}: ${reason}`).toBeDefined();
        expect(words[reason], `${locale}: ${reason}`).not.toBe(words.other);
      }
    }
  });

  it.each(LOCALES)(
    'out of range, in %s: their own sentence, in the plural form of the count',
    async (locale) => {
      const i18n = await openI18n(locale);
      const { outOfRange, other } = SENTENCES[locale].timetable.skipReasons;
      for (const count of [1, 2, 5, 11]) {
        const [sentence] = readingSentences(i18n.t, locale, {
          skipped: { outOfRange: count },
          stopped: null,
        });
        expect(sentence).toBe(i18n.t('timetable.skipped', { count, why: outOfRange }));
        expect(sentence).toContain(outOfRange);
        expect(sentence).not.toContain(other);
      }
    },
  );

  it('out of range, in Settings: said beside the other reasons', async () => {
    const fake = new FakeClassTray(
      classTrayState({
        timetable: {
          source: 'subscription',
          reading: { skipped: { outOfRange: 3, noStart: 1 }, stopped: null },
        },
      }),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(
      screen.getByText(
        '4 events could not be read: a date, length or repeat count out of range and no start time.',
      ),
    ).toBeTruthy();
  });
});
