/**
 * Where the translators' catalogues live, from the repository's root: one folder per language,
 * `locales/<code>/translation.json` (i18next JSON v4: what i18next loads, and what Weblate's
 * `i18nextv4` and Crowdin's `i18next_json` open), English's the source. Beside each translation
 * its record (which English it was made from, by whom: packaging/i18n/record.ts); the notes for translators
 * in one file; the status the report derives (./languages.ts reads it).
 * Engineers edit English's file only: docs/engineering.md, "Sentences and translations".
 */
export const CATALOGUE_FOLDER = 'src-shared/i18n/locales';

/** A language's sentences: what the window, main and the translation platforms read. */
export const catalogueFile = (code: string): string =>
  `${CATALOGUE_FOLDER}/${code}/translation.json`;

/** Which English each of a language's translations was made from, and whether a person did. */
export const recordFile = (code: string): string => `${CATALOGUE_FOLDER}/${code}/record.json`;

/** The notes for translators: by key (dotted, as t() takes it) and by language. */
export const NOTES_FILE = `${CATALOGUE_FOLDER}/notes.json`;

/** Each language's state, written by the report, read at run time (./languages.ts). */
export const STATUS_FILE = `${CATALOGUE_FOLDER}/status.json`;

/**
 * The languages some of whose sentences a machine made and no person has read yet, written by the
 * report, read at run time: the settings say so in that language (./languages.ts).
 */
export const MACHINE_MADE_FILE = `${CATALOGUE_FOLDER}/machineMade.json`;

/** The report for people: per language translated, machine-made, stale and missing. */
export const REPORT_FILE = 'docs/translations.md';
