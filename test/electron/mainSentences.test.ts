import { describe, expect, it } from 'vitest';
import { labels } from '../../src-main/electron/mainSentences';
import { en } from '../../src-shared/i18n/en';
import es from '../../src-shared/i18n/locales/es/translation.json';
import { SENTENCES } from '../../src-shared/i18n/index';
import { LOCALES } from '../../src-shared/i18n/languages';
import { PLURAL_FORMS } from '../../src-shared/i18n/messages';
import { localTime } from './stateFixture';

describe('tray labels', () => {
  it('are the tray sentences of the i18n resources, in both languages', () => {
    expect(labels.en.quit).toBe(en.tray.quit);
    expect(labels.es.quit).toBe(es.tray.quit);
    expect(labels.en.online(3, 25)).toBe('3 of 25 online');
    expect(labels.es.online(3, 25)).toBe('3 de 25 en línea');
    expect(labels.en.andMore(1)).toBe('and 1 more');
    expect(labels.es.andMore(4)).toBe('y 4 más');
  });

  it.each(LOCALES)('in %s, has every tray sentence without placeholders as written', (locale) => {
    const { tray } = SENTENCES[locale];
    // A counted sentence's plural forms are one label, even a form with no placeholder.
    const pluralForm = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);
    for (const [key, text] of Object.entries(tray)) {
      if (!text.includes('{{') && !pluralForm.test(key))
        expect(labels[locale]).toHaveProperty(key, text);
    }
    const trayKeys = new Set(Object.keys(tray).map((key) => key.replace(pluralForm, '')));
    // And the header's two that name a classroom as the window does, and the data folder's
    // four refusals (its own section, `dataFolder`).
    expect(Object.keys(labels[locale]).sort()).toEqual(
      [
        ...trayKeys,
        'demoClassrooms',
        'roomById',
        'dataFolderNotPrivate',
        'logFolderNotPrivate',
        'dataFolderAboveOpen',
        'logFolderAboveOpen',
      ].sort(),
    );
    const { dataFolder } = SENTENCES[locale];
    expect(labels[locale].dataFolderNotPrivate('/x')).toBe(
      dataFolder.notPrivate.replace('{{folder}}', '/x'),
    );
    expect(labels[locale].logFolderNotPrivate('/x')).toBe(
      dataFolder.logFolderNotPrivate.replace('{{folder}}', '/x'),
    );
    expect(labels[locale].dataFolderAboveOpen('/x/d', '/x')).toBe(
      dataFolder.aboveOpen.replaceAll('{{folder}}', '/x/d').replaceAll('{{above}}', '/x'),
    );
    expect(labels[locale].logFolderAboveOpen('/x/l', '/x')).toBe(
      dataFolder.logFolderAboveOpen.replaceAll('{{folder}}', '/x/l').replaceAll('{{above}}', '/x'),
    );
  });

  it("shows a scheduled end's time as hours:minutes, 24-hour, in the machine's time zone", () => {
    expect(labels.en.nextEnd(localTime(9, 5), 'Room 12')).toBe('Next end: 09:05, Room 12');
    expect(labels.en.endsTooltip(localTime(14, 30))).toBe('ends 14:30');
    expect(labels.es.nextEnd(localTime(14, 30), 'Aula 3')).toBe('Próximo fin: 14:30, Aula 3');
  });

  it('shows a device name exactly as it is: no HTML escaping, no nested lookups', () => {
    const name = 'Lab <3> & "PC" {{count}} $t(tray.quit)';
    expect(labels.en.wentOffline(name)).toBe(`${name} went offline`);
    expect(labels.es.cameBack(name)).toBe(`${name} vuelve a estar en línea`);
  });
});
