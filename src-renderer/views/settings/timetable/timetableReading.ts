import type { TFunction } from 'i18next';
import type { ReadingReport } from '../../../api/types';
import type { Messages } from '../../../../src-shared/i18n/messages';

type Reason = keyof Messages['timetable']['skipReasons'];

/**
 * What Settings says of the last reading of the calendar, in the window's language: the events
 * left out (one sentence, every reason named; a reason this version has no words for is said
 * generally), and a calendar stopped as too large or too complex, with the part that was.
 */
export function readingSentences(t: TFunction, language: string, reading: ReadingReport): string[] {
  const sentences: string[] = [];
  const { stopped } = reading;
  if (stopped !== null) {
    const { part } = stopped;
    if (part.kind === 'events') sentences.push(t('timetable.tooLarge', { count: part.count }));
    else if (part.kind === 'zone')
      sentences.push(t('timetable.tooComplexZone', { name: part.tzid }));
    else sentences.push(t('timetable.tooComplexSeries', { name: part.uid }));
  }
  const skipped = Object.entries(reading.skipped).filter(([, count]) => (count ?? 0) > 0);
  if (skipped.length > 0) {
    const count = skipped.reduce((sum, [, each]) => sum + (each ?? 0), 0);
    // The reasons this version has words for: the window's language's (English's where it lacks
    // them), not a second language loaded to list them.
    const known = new Set(Object.keys(t('timetable.skipReasons', { returnObjects: true })));
    const reasons = new Set(
      skipped.map(([reason]) => (known.has(reason) ? reason : 'other') as Reason),
    );
    const why = new Intl.ListFormat(language, { type: 'conjunction' }).format(
      [...reasons].map((reason) => t(`timetable.skipReasons.${reason}`)),
    );
    sentences.push(t('timetable.skipped', { count, why }));
  }
  return sentences;
}
