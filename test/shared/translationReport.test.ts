/**
 * The report of how far each language is (packaging/i18n/report.ts) is what the catalogues say:
 * docs/translations.md, the state each language runs with (locales/status.json) and each
 * language's record are what `npm run i18n:report` writes now. Its rules on made-up catalogues:
 * a sentence missing, one whose English changed (stale), one a translator rewrote (recorded
 * again, a translator's), one made by a machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, stateOf } from '../../packaging/i18n/report';
import { hashOf, stampAll, tally, updated } from '../../packaging/i18n/record';

const root = path.join(import.meta.dirname, '..', '..');

describe('the translation report', () => {
  it(
    'is what npm run i18n:report writes from the catalogues now',
    { timeout: 60_000 },
    async () => {
      for (const [file, text] of await buildReport()) {
        const written = fs.existsSync(path.join(root, file))
          ? fs.readFileSync(path.join(root, file), 'utf8')
          : '';
        expect(written === text, `${file} is out of date: npm run i18n:report`).toBe(true);
      }
    },
  );

  const english = {
    header: { refresh: 'Refresh', settings: 'Settings' },
    n_one: '{{count}} device',
    n_other: '{{count}} devices',
  };
  const german = {
    header: { refresh: 'Aktualisieren' },
    n_one: '{{count}} Gerät',
    n_other: '{{count}} Geräte',
  };

  it('counts a machine-made translation as such, a missing one as missing', () => {
    const record = stampAll(german, english, 'machine');
    expect(record['header.refresh']).toEqual({
      by: 'machine',
      en: hashOf('Refresh'),
      own: hashOf('Aktualisieren'),
    });
    // A plural form English lacks is made from English's `_other`.
    expect(stampAll({ n_few: '{{count}} urządzenia' }, english, 'machine')['n_few']?.en).toBe(
      hashOf('{{count}} devices'),
    );
    const counted = tally('de', german, english, record);
    expect(counted).toEqual({
      of: 4,
      translated: 0,
      machine: 3,
      stale: [],
      missing: ['header.settings'],
    });
  });

  it('finds a translation stale once its English changes, until it is rewritten or confirmed', () => {
    const record = stampAll(german, english, 'machine');
    const changed = { ...english, header: { ...english.header, refresh: 'Refresh now' } };
    expect(tally('de', german, changed, record).stale).toEqual(['header.refresh']);
    // The translator rewrites it on the platform: recorded again, from today's English, theirs.
    const rewritten = { ...german, header: { refresh: 'Jetzt aktualisieren' } };
    const again = updated(record, rewritten, changed, 'translator');
    expect(again['header.refresh']?.by).toBe('translator');
    expect(tally('de', rewritten, changed, again)).toMatchObject({ translated: 1, stale: [] });
    // Or confirms it as it stands.
    const confirmed = updated(record, german, changed, 'translator', ['header.refresh']);
    expect(tally('de', german, changed, confirmed)).toMatchObject({ translated: 1, stale: [] });
    // Left alone, a machine's sentence stays a machine's.
    expect(updated(record, german, english, 'translator')).toEqual(record);
  });

  it('gives a language its state by how much it lacks', () => {
    const of = 100;
    expect(stateOf({ of, translated: 0, machine: 100, stale: [], missing: [] })).toBe('complete');
    const some = (count: number) => Array.from({ length: count }, (_, i) => `k${i}`);
    expect(stateOf({ of, translated: 0, machine: 95, stale: [], missing: some(5) })).toBe('gaps');
    expect(stateOf({ of, translated: 0, machine: 94, stale: [], missing: some(6) })).toBe(
      'underWay',
    );
  });
});
